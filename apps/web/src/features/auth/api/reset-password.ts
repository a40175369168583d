import type { ResetPasswordBody } from '@app/contracts/auth.ts';
import type { OkMessage } from '@app/contracts/errors.ts';
import { api } from '../../../lib/api-client.ts';

export async function resetPassword(body: ResetPasswordBody): Promise<OkMessage> {
  const { data } = await api.post<OkMessage>('/api/auth/reset-password', body);
  return data;
}
