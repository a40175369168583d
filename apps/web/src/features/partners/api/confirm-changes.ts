import { type ConfirmApplicationChangesResult, PARTNER_PATHS } from '@app/contracts/partners.ts';
import { api } from '../../../lib/api-client.ts';

export async function confirmApplicationChanges(token: string): Promise<ConfirmApplicationChangesResult> {
  const { data } = await api.post<ConfirmApplicationChangesResult>(PARTNER_PATHS.confirmChanges, { token });
  return data;
}
