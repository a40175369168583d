import { buildApp } from '../../app.ts';
import { ConfigError, loadConfig } from '../../config.ts';

// npm run reconcile -w apps/server: refreshes every subscription from the payment provider, for
// webhooks that were missed while the server was down. Safe to run at any time.

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({ ...config, logLevel: 'warn' }, { mailLoop: false });
  try {
    await app.ready();
    const { refreshed, failed } = await app.subscriptions.reconcile();
    console.log(`${refreshed} subscriptions refreshed, ${failed} failed`);
    process.exitCode = failed > 0 ? 1 : 0;
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
