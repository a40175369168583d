import { api } from '../../../lib/api-client.ts';

/** Ends this device's session on the server. */
export async function logout(): Promise<void> {
  await api.post('/api/auth/logout');
}
