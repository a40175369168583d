import { pathToFileURL } from 'node:url';
import { EmailSchema } from '@app/contracts/auth.ts';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import type { Database } from './platform/db/database.ts';

// `npm run admin -- grant <email>` / `npm run admin -- revoke <email>`: gives or takes the admin role.
const USAGE = 'Usage: npm run admin -- grant <email> | revoke <email>';

/** Runs one admin command; returns the exit code and what to print. */
export async function runAdminCommand(
  args: string[],
  config: Config,
  database?: Database,
): Promise<{ code: number; message: string }> {
  const [command, address] = args;
  const email = EmailSchema.safeParse(address ?? '');
  if ((command !== 'grant' && command !== 'revoke') || !email.success) return { code: 2, message: USAGE };
  const app = await buildApp(
    { ...config, logLevel: 'warn' },
    { mailLoop: false, ...(database && { database }) },
  );
  try {
    const account = await app.auth.findAccountByEmail(email.data);
    if (!account) return { code: 1, message: `No account uses ${email.data}.` };
    await app.auth.setRole(account.id, command === 'grant' ? 'admin' : 'user');
    return {
      code: 0,
      message:
        command === 'grant' ? `${email.data} is now an admin.` : `${email.data} is no longer an admin.`,
    };
  } finally {
    await app.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const { code, message } = await runAdminCommand(process.argv.slice(2), loadConfig());
    (code === 0 ? console.log : console.error)(message);
    process.exitCode = code;
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  }
}
