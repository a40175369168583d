import type { AuthResult, LoginBody } from '@app/contracts/auth.ts';
import { api } from '../../../lib/api-client.ts';

export async function login(body: LoginBody): Promise<AuthResult> {
  const { data } = await api.post<AuthResult>('/api/auth/login', body);
  return data;
}
