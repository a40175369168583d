import type { AccountExport } from '@app/contracts/auth.ts';
import { api } from '../../../lib/api-client.ts';

export async function exportAccount(): Promise<AccountExport> {
  const { data } = await api.get<AccountExport>('/api/auth/export');
  return data;
}
