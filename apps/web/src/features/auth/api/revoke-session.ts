import { api } from '../../../lib/api-client.ts';

export async function revokeSession(id: string): Promise<void> {
  await api.delete(`/api/auth/sessions/${encodeURIComponent(id)}`);
}
