import type { AffiliateClickInput, AffiliateClickResult } from '@app/contracts/affiliate.ts';
import { AFFILIATE_PATHS } from '@app/contracts/affiliate-code.ts';
import { api } from '../../../lib/api-client.ts';

export async function recordClick(body: AffiliateClickInput): Promise<AffiliateClickResult> {
  const { data } = await api.post<AffiliateClickResult>(AFFILIATE_PATHS.click, body);
  return data;
}
