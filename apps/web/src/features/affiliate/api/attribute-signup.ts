import type { AffiliateAttributeBody, AffiliateAttributeResult } from '@app/contracts/affiliate.ts';
import { AFFILIATE_PATHS } from '@app/contracts/affiliate-code.ts';
import { api } from '../../../lib/api-client.ts';

export async function attributeSignup(body: AffiliateAttributeBody): Promise<AffiliateAttributeResult> {
  const { data } = await api.post<AffiliateAttributeResult>(AFFILIATE_PATHS.attribute, body);
  return data;
}
