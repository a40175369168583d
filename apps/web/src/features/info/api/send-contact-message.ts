import type { ContactBody, ContactResult } from '@app/contracts/contact.ts';
import { CONTACT_PATHS } from '@app/contracts/contact-paths.ts';
import { api } from '../../../lib/api-client.ts';

export async function sendContactMessage(body: ContactBody): Promise<ContactResult> {
  const { data } = await api.post<ContactResult>(CONTACT_PATHS.send, body);
  return data;
}
