import type { AuthResult, RegisterBody } from '@app/contracts/auth.ts';
import { api } from '../../../lib/api-client.ts';

export async function register(body: RegisterBody): Promise<AuthResult> {
  const { data } = await api.post<AuthResult>('/api/auth/register', body);
  return data;
}
