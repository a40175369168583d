import { z } from 'zod';

/**
 * Sent to the open sockets of a session that ended, just before the server disconnects them:
 * signed out (logout, from another device, a password change or reset), the account disabled by
 * an operator, or the account deleted. The client acknowledges it and signs the tab out.
 */
export const SESSION_REVOKED_EVENT = 'session:revoked';

const SessionEndReasonSchema = z.enum(['signed-out', 'disabled', 'deleted']);
export type SessionEndReason = z.infer<typeof SessionEndReasonSchema>;

export const SessionRevokedSchema = z.object({ reason: SessionEndReasonSchema });
export type SessionRevoked = z.infer<typeof SessionRevokedSchema>;
