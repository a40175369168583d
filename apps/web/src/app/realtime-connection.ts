import {
  SESSION_REVOKED_EVENT,
  type SessionEndReason,
  SessionRevokedSchema,
} from '@app/contracts/realtime.ts';
import { useAuth } from '../features/auth/stores/auth-store.ts';
import { isEndingOwnSession } from '../lib/own-session-ending.ts';
import { holdRealtimeSocket } from '../lib/realtime-socket.ts';
import { toast } from '../lib/toast-store.ts';

// Loaded only while someone is signed in (see realtime-session.ts): Socket.IO and the schemas stay
// out of the signed-out pages' first download.

const SIGNED_OUT_TITLE = 'You have been signed out';

/** What the signed-out tab says, by why its session ended. */
const SESSION_ENDED_MESSAGES: Record<SessionEndReason, string> = {
  'signed-out': 'This session was ended. Please log in again.',
  disabled: 'This account has been disabled. Please contact support.',
  deleted: 'This account was deleted.',
};

const onRevoked = (payload: unknown, acknowledge?: () => void) => {
  acknowledge?.();
  const { token, logout } = useAuth.getState();
  // Already signed out, or this tab's own logout or deletion, which says its own words.
  if (!token || isEndingOwnSession()) return;
  const parsed = SessionRevokedSchema.safeParse(payload);
  const reason = parsed.success ? parsed.data.reason : 'signed-out';
  void logout({ server: false }).then(() => {
    toast.info(SIGNED_OUT_TITLE, SESSION_ENDED_MESSAGES[reason]);
    window.location.hash = '#/';
  });
};

/**
 * Opens (or shares) the realtime connection and signs this tab out, as a logout does, when the
 * server says its session ended. Returns the function that lets go of it.
 */
export function openRealtimeConnection(): () => void {
  const held = holdRealtimeSocket();
  held.socket.on(SESSION_REVOKED_EVENT, onRevoked);
  return () => {
    held.socket.off(SESSION_REVOKED_EVENT, onRevoked);
    held.release();
  };
}
