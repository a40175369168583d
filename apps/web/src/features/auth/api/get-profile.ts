import type { ProfileResult, User } from '@app/contracts/auth.ts';
import { api } from '../../../lib/api-client.ts';

export async function getProfile(): Promise<User> {
  const { data } = await api.get<ProfileResult>('/api/auth/profile');
  return data.user;
}
