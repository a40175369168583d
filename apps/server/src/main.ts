import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startupProblem } from './platform/startup-problem.ts';
import { freeSocketPath } from './platform/unix-socket.ts';

const SHUTDOWN_LIMIT_MS = 10_000;
/** How long a draining process keeps serving after /api/ready turned 503, for the load balancer to notice. */
const DRAIN_NOTICE_MS = 2_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: draining, finishing requests in flight, then stopping`);
    // Whatever happens, the process is gone within the limit.
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    app.shutdown.drain(DRAIN_NOTICE_MS).then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  if (config.socketPath) {
    await freeSocketPath(config.socketPath);
    await app.listen({ path: config.socketPath });
    console.log(`Astro guidance is running on the Unix socket ${config.socketPath}`);
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost =
    config.host === '0.0.0.0' || config.host === '127.0.0.1' || config.host === '::'
      ? 'localhost'
      : config.host;
  console.log(`Astro guidance is running at http://${shownHost}:${port}`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : (startupProblem(error) ?? error));
  process.exit(1);
});
