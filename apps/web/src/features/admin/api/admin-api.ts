import type {
  AdminDashboard,
  AdminSubscriptionsPage,
  AdminUser,
  AdminUserDetail,
  AdminUsersPage,
  AdminUsersQuery,
  AdminUserUpdate,
  Analytics,
  AuditPage,
  ContactInboxItem,
  SubscriptionAnalytics,
  SystemHealth,
  UserUsagePage,
} from '@app/contracts/admin.ts';
import type { MfaEnroll, MfaStatus, MfaVerify, ProfileResult } from '@app/contracts/auth.ts';
import type {
  AdminApplicationsResult,
  ApproveApplicationResult,
  RejectApplicationResult,
} from '@app/contracts/partners.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// Every call of the admin area: a fetcher per endpoint and its query options (keys: lib/query-keys.ts).

interface Answer<T> {
  success: true;
  data: T;
}

const get = async <T>(url: string, params?: object, signal?: AbortSignal) =>
  (await api.get<Answer<T>>(url, { params, signal })).data.data;

/** What the server says of this session and the admin area: the server decides, not the page. */
export type AdminAccess = 'open' | 'not-admin' | 'set-up-second-factor' | 'enter-code';

/**
 * From the server's own answers: the profile's role, then the session's second factor. Asked
 * this way (rather than trying an admin call) nobody is refused on the way in.
 */
async function getAdminAccess(signal?: AbortSignal): Promise<AdminAccess> {
  const profile = (await api.get<ProfileResult>('/api/auth/profile', { signal })).data;
  if (profile.user.role !== 'admin') return 'not-admin';
  const factor = await get<MfaStatus>('/api/auth/mfa', undefined, signal);
  if (!factor.enrolled) return 'set-up-second-factor';
  return factor.verified ? 'open' : 'enter-code';
}

export const adminAccessQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.access(),
    queryFn: ({ signal }) => getAdminAccess(signal),
    retry: false,
  });

export const enrollSecondFactor = async () =>
  (await api.post<Answer<MfaEnroll>>('/api/auth/mfa/enroll')).data.data;
export const verifySecondFactor = async (code: string) =>
  (await api.post<Answer<MfaVerify>>('/api/auth/mfa/verify', { code })).data.data;

export const dashboardQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.dashboard(),
    queryFn: ({ signal }) => get<AdminDashboard>('/api/admin/dashboard', undefined, signal),
  });
export const analyticsQuery = (days: number) =>
  queryOptions({
    queryKey: queryKeys.admin.analytics(days),
    queryFn: ({ signal }) => get<Analytics>('/api/admin/analytics', { days }, signal),
  });
export const subscriptionAnalyticsQuery = (days: number) =>
  queryOptions({
    queryKey: queryKeys.admin.subscriptionAnalytics(days),
    queryFn: ({ signal }) =>
      get<SubscriptionAnalytics>('/api/admin/subscription-analytics', { days }, signal),
  });
export const usersQuery = (query: Partial<AdminUsersQuery>) =>
  queryOptions({
    queryKey: queryKeys.admin.users(query),
    queryFn: ({ signal }) => get<AdminUsersPage>('/api/admin/users', query, signal),
    placeholderData: (previous) => previous,
  });
export const userQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.admin.user(id),
    queryFn: ({ signal }) =>
      get<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}`, undefined, signal),
  });
export const updateUser = async (id: string, changes: AdminUserUpdate) =>
  (await api.put<Answer<AdminUser>>(`/api/admin/users/${encodeURIComponent(id)}`, changes)).data.data;
export const deleteUser = async (id: string, confirmEmail: string) =>
  api.delete(`/api/admin/users/${encodeURIComponent(id)}`, { data: { confirmEmail } });

export const subscriptionsQuery = (query: { status?: string; limit: number; offset: number }) =>
  queryOptions({
    queryKey: queryKeys.admin.subscriptions(query),
    queryFn: ({ signal }) => get<AdminSubscriptionsPage>('/api/admin/subscriptions', query, signal),
    placeholderData: (previous) => previous,
  });
export const usageQuery = (sort: string) =>
  queryOptions({
    queryKey: queryKeys.admin.usage(sort),
    queryFn: ({ signal }) => get<UserUsagePage>('/api/admin/user-usage', { sort, limit: 50 }, signal),
  });
export const healthQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.health(),
    queryFn: ({ signal }) => get<SystemHealth>('/api/admin/system-health', undefined, signal),
    refetchInterval: 30_000,
  });
export const auditQuery = (query: { actor?: string; target?: string; limit: number; offset: number }) =>
  queryOptions({
    queryKey: queryKeys.admin.audit(query),
    queryFn: ({ signal }) => get<AuditPage>('/api/admin/audit-log', query, signal),
    placeholderData: (previous) => previous,
  });

export const inboxQuery = (status: 'open' | 'handled') =>
  queryOptions({
    queryKey: queryKeys.admin.inbox(status),
    queryFn: ({ signal }) =>
      get<{ messages: ContactInboxItem[]; total: number }>(
        '/api/admin/contact-messages',
        { status, limit: 50 },
        signal,
      ),
  });
export const markHandled = async (id: string) =>
  (await api.post<Answer<ContactInboxItem>>(`/api/admin/contact-messages/${id}/handled`)).data.data;
export const replyToMessage = async (id: string, body: string) =>
  (await api.post<Answer<ContactInboxItem>>(`/api/admin/contact-messages/${id}/reply`, { body })).data.data;

export const applicationsQuery = (status: 'pending' | 'approved' | 'rejected') =>
  queryOptions({
    queryKey: queryKeys.admin.applications(status),
    queryFn: async ({ signal }) =>
      (
        await api.get<AdminApplicationsResult>('/api/admin/partners/applications', {
          params: { status, limit: 50 },
          signal,
        })
      ).data,
  });
export const approveApplication = async (id: string) =>
  (await api.post<ApproveApplicationResult>(`/api/admin/partners/applications/${id}/approve`, {})).data;
export const rejectApplication = async (id: string, reason: string) =>
  (await api.post<RejectApplicationResult>(`/api/admin/partners/applications/${id}/reject`, { reason })).data;
