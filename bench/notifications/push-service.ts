import { startLocalPushService } from '../../apps/server/src/modules/notifications/testing/push-service.ts';

// The notifications bench's push service in a process of its own (so the server's figures are the
// server's): the tests' local push service, which checks every message's VAPID signature and
// decrypts its payload. Driven over IPC: { subscribe: { key, count } } answers that many
// subscriptions; { report: true } answers what it received and refused.

const push = await startLocalPushService();

process.on('message', (message: { subscribe?: { key: string; count: number }; report?: boolean }) => {
  if (message.subscribe) {
    const { key, count } = message.subscribe;
    process.send?.({ subscriptions: Array.from({ length: count }, () => push.subscribe(key)) });
  } else if (message.report) {
    const kinds = new Set(push.received.map((p) => String(p.payload.kind)));
    process.send?.({
      received: push.received.length,
      refused: push.refused.length,
      kinds: [...kinds],
      maxRssMb: process.resourceUsage().maxRSS / 1024,
    });
  }
});
process.on('disconnect', () => void push.close().then(() => process.exit(0)));
process.send?.({ ready: push.origin });
