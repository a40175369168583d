import type { Session, SessionList } from '@app/contracts/auth.ts';
import { api } from '../../../lib/api-client.ts';

export async function listSessions(): Promise<Session[]> {
  const { data } = await api.get<SessionList>('/api/auth/sessions');
  return data.sessions;
}
