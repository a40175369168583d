import type { ContactInfoResult } from '@app/contracts/contact.ts';
import { CONTACT_PATHS } from '@app/contracts/contact-paths.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { SUPPORT_EMAIL } from './brand.ts';
import { queryKeys } from './query-keys.ts';

async function getContactInfo(): Promise<ContactInfoResult> {
  const { data } = await api.get<ContactInfoResult>(CONTACT_PATHS.info);
  return data;
}

const contactInfoQuery = () =>
  queryOptions({
    queryKey: queryKeys.contactInfo(),
    queryFn: getContactInfo,
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The address people may write to, as the server is configured (SUPPORT_EMAIL); the built-in
 * address stands in while it loads, in the prerendered pages and offline.
 */
export function useSupportEmail(): string {
  const info = useQuery(contactInfoQuery());
  return info.data?.supportEmail ?? SUPPORT_EMAIL;
}

/** Text written with the built-in address, with the configured one in its place. */
export function withSupportEmail(text: string, supportEmail: string): string {
  return supportEmail === SUPPORT_EMAIL ? text : text.replaceAll(SUPPORT_EMAIL, supportEmail);
}
