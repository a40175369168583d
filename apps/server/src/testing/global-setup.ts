import pg from 'pg';

// On PostgreSQL each test app works in a schema of its own. Schemas are dropped here, once, after
// every file has finished, not by each test as it ends: Kysely's migrator lists the tables of every
// schema, and a schema dropped by one test file while another file migrates makes that listing fail.
// Leftovers of an interrupted run are cleared before the run starts.

/** Names of the per-app PostgreSQL schemas of a test run. */
export const TEST_SCHEMA_PREFIX = 'test_';

async function dropTestSchemas(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname like $1`,
      [`${TEST_SCHEMA_PREFIX}%`],
    );
    for (const { name } of rows) await client.query(`drop schema if exists "${name}" cascade`);
  } finally {
    await client.end();
  }
}

export const setup = dropTestSchemas;
export const teardown = dropTestSchemas;
