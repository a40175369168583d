interface LandscapeTable {
  id: string;
  user_id: string;
  /** The person's local day, YYYY-MM-DD. */
  local_date: string;
  zone: string;
  /** The composer's variant: 0 for the first composition; a regeneration takes a later one (see distinct-readings.ts). */
  variant: number;
  /** 'ready', or 'pending' while a pre-generation run has claimed it. */
  state: string;
  claimed_at: string;
  generated_at: string | null;
  /** The birth data's updated_at it was computed from: a later change makes it out of date. */
  birth_stamp: string;
  /** The landscape as JSON (null while pending). */
  payload: string | null;
}

interface LandscapePreferencesTable {
  user_id: string;
  /** A "current location" from the atlas whose zone sets the day; null: the birth place's zone. */
  location_place_id: number | null;
  location_name: string | null;
  location_zone: string | null;
  /** SHA-256 of the private calendar feed token; null: no feed address made yet. */
  calendar_token_hash: string | null;
  updated_at: string;
}

export interface LandscapeTables {
  landscapes: LandscapeTable;
  landscape_preferences: LandscapePreferencesTable;
}
