import {
  PARTNER_PATHS,
  type PartnerProgramme,
  type PartnerProgrammeResult,
} from '@app/contracts/partners.ts';
import { api } from '../../../lib/api-client.ts';

export async function getProgramme(): Promise<PartnerProgramme> {
  const { data } = await api.get<PartnerProgrammeResult>(PARTNER_PATHS.programme);
  return data.programme;
}
