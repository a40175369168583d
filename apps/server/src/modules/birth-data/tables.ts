export interface BirthDataTable {
  user_id: string;
  name: string;
  birth_date: string;
  birth_time: string;
  time_unknown: number;
  city: string;
  country: string;
  /** GeoNames id (fits a 32-bit integer). */
  place_id: number | null;
  region: string | null;
  country_code: string | null;
  latitude: number;
  longitude: number;
  time_zone: string;
  utc: string;
  utc_offset_seconds: number;
  /** The offset the person stated for the record's clock; null when the birthplace's history applies. */
  stated_utc_offset_seconds: number | null;
  resolution: string | null;
  created_at: string;
  updated_at: string;
}

/** A stored birth, whoever it belongs to. */
export type BirthColumns = Omit<BirthDataTable, 'user_id'>;

/** Someone in a person's life: their birth, a name and an optional relation, owned by the person. */
export interface PeopleTable extends BirthColumns {
  id: string;
  owner_id: string;
  relation: string | null;
}

export interface BirthDataTables {
  birth_data: BirthDataTable;
  people: PeopleTable;
}
