import { api } from '../../../lib/api-client.ts';

/** Signs out every device except this one. */
export async function revokeOtherSessions(): Promise<void> {
  await api.delete('/api/auth/sessions');
}
