import type { Kysely } from 'kysely';

// The clock a birth record used, when the person states it (a railway or city time they know
// applied): seconds east of Greenwich, null when the birthplace's own clock history applies.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('birth_data').addColumn('stated_utc_offset_seconds', 'integer').execute();
}
