import type { EmailOnlyBody } from '@app/contracts/auth.ts';
import type { OkMessage } from '@app/contracts/errors.ts';
import { api } from '../../../lib/api-client.ts';

export async function forgotPassword(body: EmailOnlyBody): Promise<OkMessage> {
  const { data } = await api.post<OkMessage>('/api/auth/forgot-password', body);
  return data;
}
