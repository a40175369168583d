import { allMigrations } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './platform/db/database.ts';
import { migrateToLatest } from './platform/db/migrate.ts';

// `npm run db:migrate`: applies pending migrations to the configured database and exits.
try {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  try {
    const applied = await migrateToLatest(database, allMigrations());
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
