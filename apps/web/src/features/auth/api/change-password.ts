import type { ChangePasswordBody } from '@app/contracts/auth.ts';
import type { OkMessage } from '@app/contracts/errors.ts';
import { api } from '../../../lib/api-client.ts';

export async function changePassword(body: ChangePasswordBody): Promise<OkMessage> {
  const { data } = await api.put<OkMessage>('/api/auth/change-password', body);
  return data;
}
