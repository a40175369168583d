import { pathToFileURL } from 'node:url';
import { EmailSchema } from '@app/contracts/auth.ts';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import type { Database } from './platform/db/database.ts';

// `npm run admin -- grant <email>` / `revoke <email>`: gives or takes the admin role;
// `reset-mfa <email>`: removes a lost authenticator, so its owner sets up a new one at next use.
// Each change is written to the audit log, by "command line".
const USAGE = 'Usage: npm run admin -- grant <email> | revoke <email> | reset-mfa <email>';
const COMMANDS = ['grant', 'revoke', 'reset-mfa'] as const;
const CLI_ACTOR = { id: null, email: 'command line', ip: null };

/** Runs one admin command; returns the exit code and what to print. */
export async function runAdminCommand(
  args: string[],
  config: Config,
  database?: Database,
): Promise<{ code: number; message: string }> {
  const [command, address] = args;
  const email = EmailSchema.safeParse(address ?? '');
  if (!COMMANDS.includes(command as never) || !email.success) return { code: 2, message: USAGE };
  const app = await buildApp(
    { ...config, logLevel: 'warn' },
    { mailLoop: false, ...(database && { database }) },
  );
  try {
    const account = await app.auth.findAccountByEmail(email.data);
    if (!account) return { code: 1, message: `No account uses ${email.data}.` };
    if (command === 'reset-mfa') {
      const removed = await app.secondFactor.reset(account.id);
      await app.audit.record(CLI_ACTOR, {
        action: 'user.reset-second-factor',
        targetType: 'user',
        targetId: account.id,
        before: { secondFactor: removed },
        after: { secondFactor: false },
      });
      return {
        code: 0,
        message: removed
          ? `Two-step sign-in of ${email.data} is reset; they set it up again at their next admin visit.`
          : `${email.data} had no two-step sign-in; nothing changed.`,
      };
    }
    const role = command === 'grant' ? 'admin' : 'user';
    await app.auth.setRole(account.id, role);
    await app.audit.record(CLI_ACTOR, {
      action: 'user.update',
      targetType: 'user',
      targetId: account.id,
      before: { role: account.role },
      after: { role },
    });
    // The admin area also asks for a verified address: say so, or the grant seems not to work.
    const waiting = role === 'admin' && !account.emailVerified;
    return {
      code: 0,
      message:
        role === 'admin'
          ? `${email.data} is now an admin.${waiting ? ' The admin area opens once they verify their address from the mail we sent.' : ''}`
          : `${email.data} is no longer an admin.`,
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
