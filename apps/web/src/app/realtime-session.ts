import {
  SESSION_REVOKED_EVENT,
  type SessionEndReason,
  SessionRevokedSchema,
} from '@app/contracts/realtime.ts';
import { useAuth } from '../features/auth/stores/auth-store.ts';
import { holdRealtimeSocket, isEndingOwnSession } from '../lib/realtime-socket.ts';
import { toast } from '../lib/toast-store.ts';

export const SIGNED_OUT_TITLE = 'You have been signed out';

/** What the signed-out tab says, by why its session ended. */
export const SESSION_ENDED_MESSAGES: Record<SessionEndReason, string> = {
  'signed-out': 'This session was ended. Please log in again.',
  disabled: 'This account has been disabled. Please contact support.',
  deleted: 'This account was deleted.',
};

/**
 * Keeps the realtime connection open while someone is signed in (a new sign-in connects afresh),
 * and signs this tab out, as a logout does, when the server says its session ended: another
 * device signed it out, an operator disabled the account, or it was deleted. Returns a function
 * that stops it.
 */
export function startRealtimeSession(): () => void {
  let held: ReturnType<typeof holdRealtimeSocket> | null = null;

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

  const follow = (token: string | null) => {
    if (held) {
      held.socket.off(SESSION_REVOKED_EVENT, onRevoked);
      held.release();
      held = null;
    }
    if (!token) return;
    held = holdRealtimeSocket();
    held.socket.on(SESSION_REVOKED_EVENT, onRevoked);
  };

  follow(useAuth.getState().token);
  const stopFollowing = useAuth.subscribe((state, previous) => {
    if (state.token !== previous.token) follow(state.token);
  });
  return () => {
    stopFollowing();
    follow(null);
  };
}
