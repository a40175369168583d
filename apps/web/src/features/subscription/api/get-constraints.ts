import type { ConstraintsResult } from '@app/contracts/subscription.ts';
import { api } from '../../../lib/api-client.ts';

export async function getConstraints(): Promise<ConstraintsResult> {
  const { data } = await api.get<ConstraintsResult>('/api/subscription/constraints');
  return data;
}
