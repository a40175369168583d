import { CONTACT_PATHS, type ContactInfoResult } from '@app/contracts/contact.ts';
import { api } from '../../../lib/api-client.ts';

export async function getContactInfo(): Promise<ContactInfoResult> {
  const { data } = await api.get<ContactInfoResult>(CONTACT_PATHS.info);
  return data;
}
