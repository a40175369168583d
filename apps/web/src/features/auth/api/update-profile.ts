import type { ProfileResult, UpdateProfileBody, User } from '@app/contracts/auth.ts';
import { api } from '../../../lib/api-client.ts';

export async function updateProfile(body: UpdateProfileBody): Promise<User> {
  const { data } = await api.patch<ProfileResult>('/api/auth/profile', body);
  return data.user;
}
