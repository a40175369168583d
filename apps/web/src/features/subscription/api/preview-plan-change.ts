import type {
  PlanChange,
  PlanChangePreviewResult,
  PreviewPlanChangeBody,
} from '@app/contracts/subscription.ts';
import { api } from '../../../lib/api-client.ts';

/** What switching to a plan would do and charge, and when; nothing changes yet. */
export async function previewPlanChange(body: PreviewPlanChangeBody): Promise<PlanChange> {
  const { data } = await api.post<PlanChangePreviewResult>('/api/subscription/preview-plan-change', body);
  return data.data;
}
