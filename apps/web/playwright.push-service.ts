// Run by the end-to-end setup (playwright.config.ts) beside the SMTP sink: the server's local push
// service (apps/server/src/modules/notifications/testing/push-service.ts, which checks VAPID and
// decrypts every message as a real push service's receiving side would), with a small control
// API on PUSH_CONTROL_PORT for the specs, which cannot import server code:
//   POST /subscriptions { applicationServerKey } -> a subscription's JSON (endpoint and keys)
//   GET  /received -> { received, refused }, the decrypted messages and the refused ones
// Chromium's own push endpoint (Google's service) cannot be reached here; the specs hand this
// service's subscription to the page in its place (e2e/notifications.spec.ts).
import { createServer } from 'node:http';
import { startLocalPushService } from '../server/src/modules/notifications/testing/push-service.ts';

const port = Number(process.env.PUSH_CONTROL_PORT ?? 4340);
const push = await startLocalPushService();

const control = createServer((request, response) => {
  const send = (status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (request.method === 'GET' && request.url === '/received')
    return send(200, { received: push.received, refused: push.refused });
  if (request.method === 'POST' && request.url === '/subscriptions') {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const { applicationServerKey } = JSON.parse(body || '{}') as { applicationServerKey?: string };
      if (!applicationServerKey) return send(400, { error: 'applicationServerKey is missing' });
      send(201, push.subscribe(applicationServerKey));
    });
    return;
  }
  send(404, { error: 'not found' });
});
control.listen(port, '127.0.0.1', () =>
  console.log(`Local push service at ${push.origin}, control on http://127.0.0.1:${port}`),
);

const stop = () => {
  control.close();
  void push.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
