import { SOCKET_PATH } from '@app/contracts/chat.ts';
import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import { io, type Socket } from 'socket.io-client';
import { readStorage } from './storage.ts';

// The app's realtime connection (Socket.IO on the app's own origin), open while someone is signed
// in: the chat streams over it and the server tells it when the session ends. The client defaults
// of docs/requirements/constants.md: reconnect after 1,000 ms growing to 5,000 ms, give up a
// connection attempt at 20,000 ms.
const REALTIME_OPTIONS = {
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  timeout: 20_000,
} as const;

let socket: Socket | null = null;
let holders = 0;

/**
 * Opens (or shares) the connection; the returned function lets go of it, and the last one to let
 * go closes it. WebSocket only: several server processes behind one address need no sticky
 * sessions, and where WebSockets cannot pass the chat uses server-sent events.
 */
export function holdRealtimeSocket(): { socket: Socket; release: () => void } {
  if (!socket) {
    socket = io({
      path: SOCKET_PATH,
      transports: ['websocket'],
      ...REALTIME_OPTIONS,
      // Read at every (re)connection, so a new sign-in's token is used.
      auth: (send) => send({ token: readStorage(STORAGE_KEYS.authToken) ?? '' }),
    });
  }
  holders += 1;
  const held = socket;
  let released = false;
  return {
    socket: held,
    release: () => {
      if (released) return;
      released = true;
      holders -= 1;
      if (holders === 0 && socket === held) {
        held.close();
        socket = null;
      }
    },
  };
}

/** The open connection, when it is held and connected. */
export function connectedRealtimeSocket(): Socket | null {
  return socket?.connected ? socket : null;
}
