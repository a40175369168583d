/** A stored birth, whoever it belongs to. */
export interface BirthColumns {
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

/**
 * A birth profile: the owner's own birth (is_own = 1, whose id is the owner's id) or someone in the
 * owner's life, with a name and an optional relation.
 */
interface BirthProfilesTable extends BirthColumns {
  id: string;
  owner_id: string;
  is_own: number;
  relation: string | null;
}

export interface BirthDataTables {
  birth_profiles: BirthProfilesTable;
}
