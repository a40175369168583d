import type { ValidateCouponBody, ValidateCouponResult } from '@app/contracts/subscription.ts';
import { api } from '../../../lib/api-client.ts';

export async function validateCoupon(
  body: ValidateCouponBody,
  signal?: AbortSignal,
): Promise<ValidateCouponResult> {
  const { data } = await api.post<ValidateCouponResult>('/api/subscription/validate-coupon', body, {
    signal,
  });
  return data;
}
