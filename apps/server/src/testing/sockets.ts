import { io as connect, type Socket } from 'socket.io-client';

/** A Socket.IO client of the app at `base` (WebSocket only, no reconnecting), with `token` if given. */
export function openSocket(base: string, token?: string): Socket {
  return connect(base, {
    path: '/socket.io',
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
  });
}

/** The next `event` on the socket (its first argument). */
export function nextEvent<T>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, resolve));
}
