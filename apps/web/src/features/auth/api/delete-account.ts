import type { DeleteAccountBody } from '@app/contracts/auth.ts';
import { api } from '../../../lib/api-client.ts';

export async function deleteAccount(body: DeleteAccountBody): Promise<void> {
  await api.delete('/api/auth/account', { data: body });
}
