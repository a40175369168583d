import type { ChangePlanBody, ChangePlanResult } from '@app/contracts/subscription.ts';
import { api } from '../../../lib/api-client.ts';

/** Switches plan as previewed (quotedAt: the preview's), answering the change and the new status. */
export async function changePlan(body: ChangePlanBody): Promise<ChangePlanResult['data']> {
  const { data } = await api.post<ChangePlanResult>('/api/subscription/change-plan', body);
  return data.data;
}
