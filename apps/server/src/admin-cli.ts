import { EmailSchema } from '@app/contracts/auth.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

// `npm run admin -- grant <email>` / `npm run admin -- revoke <email>`: gives or takes the admin role.
const USAGE = 'Usage: npm run admin -- grant <email> | revoke <email>';

async function run(args: string[]): Promise<number> {
  const [command, address] = args;
  const email = EmailSchema.safeParse(address ?? '');
  if ((command !== 'grant' && command !== 'revoke') || !email.success) {
    console.error(USAGE);
    return 2;
  }
  const app = await buildApp({ ...loadConfig(), logLevel: 'warn' }, { mailLoop: false });
  try {
    const account = await app.auth.findAccountByEmail(email.data);
    if (!account) {
      console.error(`No account uses ${email.data}.`);
      return 1;
    }
    await app.auth.setRole(account.id, command === 'grant' ? 'admin' : 'user');
    console.log(
      command === 'grant' ? `${email.data} is now an admin.` : `${email.data} is no longer an admin.`,
    );
    return 0;
  } finally {
    await app.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  },
);
