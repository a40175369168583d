import type { OkMessage } from '@app/contracts/errors.ts';
import { api } from '../../../lib/api-client.ts';

export async function verifyEmail(token: string): Promise<OkMessage> {
  const { data } = await api.get<OkMessage>(`/api/auth/verify-email/${encodeURIComponent(token)}`);
  return data;
}
