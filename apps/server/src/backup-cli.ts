import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from './config.ts';
import { BackupError, backupDatabase, restoreDatabase } from './platform/db/backup.ts';

// `npm run backup -- <file>` writes a consistent copy of the database that DATABASE_URL (or the
// SQLite file under DATA_DIR) names; `npm run restore -- <file>` puts one back (stop the server
// first). Without a file name the backup is written to the data folder, named by the time.
const USAGE = 'Usage: npm run backup -- [file] | npm run restore -- <file>';

export async function runBackupCommand(
  command: string | undefined,
  file: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; message: string }> {
  if ((command !== 'backup' && command !== 'restore') || (command === 'restore' && !file)) {
    return { code: 2, message: USAGE };
  }
  const config = loadConfig(env);
  const target =
    file ?? path.join(config.dataDir, `backup-${new Date().toISOString().replaceAll(':', '-')}.db`);
  try {
    if (command === 'backup') {
      await backupDatabase(config.databaseUrl, target);
      return { code: 0, message: `Backup written to ${target}.` };
    }
    await restoreDatabase(config.databaseUrl, target);
    return { code: 0, message: `Restored from ${target}. Start the server again.` };
  } catch (error) {
    if (error instanceof BackupError) return { code: 1, message: error.message };
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runBackupCommand(process.argv[2], process.argv[3], process.env).then(
    ({ code, message }) => {
      (code === 0 ? console.log : console.error)(message);
      process.exit(code);
    },
    (error) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(1);
    },
  );
}
