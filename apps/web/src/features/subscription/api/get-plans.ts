import type { Plan, PlansResult } from '@app/contracts/subscription.ts';
import { api } from '../../../lib/api-client.ts';

export async function getPlans(): Promise<Plan[]> {
  const { data } = await api.get<PlansResult>('/api/subscription/plans');
  return data.plans;
}
