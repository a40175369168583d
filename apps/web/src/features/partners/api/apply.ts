import {
  PARTNER_PATHS,
  type PartnerApplicationBody,
  type PartnerApplicationResult,
} from '@app/contracts/partners.ts';
import { api } from '../../../lib/api-client.ts';

export async function applyAsPartner(body: PartnerApplicationBody): Promise<PartnerApplicationResult> {
  const { data } = await api.post<PartnerApplicationResult>(PARTNER_PATHS.apply, body);
  return data;
}
