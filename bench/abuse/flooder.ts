import { io } from 'socket.io-client';

// The abuse benchmark's flooder, in a process of its own so that its busy loop does not slow the
// measuring client: one person's socket sending `chat:send` as fast as it can for SECONDS, and
// connecting again whenever the server closes it. Prints one JSON line of what happened.
//   BASE=… TOKEN=… SESSION=… SECONDS=… node --import tsx bench/abuse/flooder.ts

const { BASE = '', TOKEN = '', SESSION = '', SECONDS = '10' } = process.env;
const socket = io(BASE, {
  path: '/socket.io',
  auth: { token: TOKEN },
  transports: ['websocket'],
  reconnectionDelay: 100,
  reconnectionDelayMax: 500,
});
const outcome = { sent: 0, answered: 0, connects: 0, refused: {} as Record<string, number> };
socket.on('connect', () => {
  outcome.connects += 1;
});
socket.on('chat:done', () => {
  outcome.answered += 1;
});
socket.on('chat:error', (event: { code?: string; error?: string }) => {
  const reason = `${event.code}: ${event.error}`;
  outcome.refused[reason] = (outcome.refused[reason] ?? 0) + 1;
});
// The server closes a socket that keeps sending while refused; a flooder simply connects again.
socket.on('disconnect', (reason) => {
  if (reason === 'io server disconnect') socket.connect();
});

const end = Date.now() + Number(SECONDS) * 1000;
while (Date.now() < end) {
  if (socket.connected) {
    for (let i = 0; i < 50; i++) socket.volatile.emit('chat:send', { sessionId: SESSION, content: 'More?' });
    outcome.sent += 50;
  }
  await new Promise((resolve) => setImmediate(resolve));
}
await new Promise((resolve) => setTimeout(resolve, 500));
socket.close();
console.log(JSON.stringify(outcome));
process.exit(0);
