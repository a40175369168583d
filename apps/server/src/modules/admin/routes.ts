import {
  AdminDashboardSchema,
  AdminIdParamsSchema,
  AdminSubscriptionsPageSchema,
  AdminSubscriptionsQuerySchema,
  AdminUserDeleteSchema,
  AdminUserDetailSchema,
  AdminUserSchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
  AdminUserUpdateSchema,
  AnalyticsQuerySchema,
  AnalyticsSchema,
  AuditPageSchema,
  AuditQuerySchema,
  adminAnswer,
  SubscriptionAnalyticsSchema,
  SystemHealthSchema,
  UserUsagePageSchema,
  UserUsageQuerySchema,
} from '@app/contracts/admin.ts';
import { OkMessageSchema } from '@app/contracts/errors.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActorOf } from '../../platform/audit/audit-log.ts';
import { nameAuditEntries } from './audit-names.ts';
import { listSubscriptions, mailDelivery, systemHealth } from './operations.ts';
import type { AdminReads } from './reads.ts';
import type { AdminReports } from './reports.ts';
import type { AdminUsers } from './users.ts';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];

/** /api/admin/*: the admin role and a passed second factor on every route (checked before the body). */
export const adminRoutes: FastifyPluginAsyncZod<{
  reads: AdminReads;
  reports: AdminReports;
  users: AdminUsers;
  jobs: boolean;
}> = async (app, { reads, reports, users, jobs }) => {
  app.addHook('onRequest', app.requireAdmin);
  const now = () => app.clock.now();
  const ok = <T>(data: T) => ({ success: true as const, data });

  app.get(
    '/dashboard',
    { schema: { tags, security, response: { 200: adminAnswer(AdminDashboardSchema) } } },
    async () => ok({ ...(await reports.dashboard(now())), mailDelivery: mailDelivery(app.config) }),
  );

  app.get(
    '/users',
    {
      schema: {
        tags,
        security,
        querystring: AdminUsersQuerySchema,
        response: { 200: adminAnswer(AdminUsersPageSchema) },
      },
    },
    async (request) => ok(await users.list(request.query)),
  );
  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        security,
        params: AdminIdParamsSchema,
        response: { 200: adminAnswer(AdminUserDetailSchema) },
      },
    },
    async (request) => ok(await users.detail(request.params.id, now())),
  );
  app.put(
    '/users/:id',
    {
      schema: {
        tags,
        security,
        params: AdminIdParamsSchema,
        body: AdminUserUpdateSchema,
        response: { 200: adminAnswer(AdminUserSchema) },
      },
    },
    async (request) => ok(await users.update(auditActorOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/users/:id',
    {
      schema: {
        tags,
        security,
        params: AdminIdParamsSchema,
        body: AdminUserDeleteSchema,
        response: { 200: OkMessageSchema },
      },
    },
    async (request) => {
      await users.remove(auditActorOf(request), request.params.id, request.body.confirmEmail);
      return { success: true as const, message: 'The account and its data were deleted.' };
    },
  );

  app.get(
    '/analytics',
    {
      schema: {
        tags,
        security,
        querystring: AnalyticsQuerySchema,
        response: { 200: adminAnswer(AnalyticsSchema) },
      },
    },
    async (request) => ok(await reports.analytics(now(), request.query.days)),
  );
  app.get(
    '/subscription-analytics',
    {
      schema: {
        tags,
        security,
        querystring: AnalyticsQuerySchema,
        response: { 200: adminAnswer(SubscriptionAnalyticsSchema) },
      },
    },
    async (request) => ok(await reports.subscriptionAnalytics(now(), request.query.days)),
  );
  app.get(
    '/subscriptions',
    {
      schema: {
        tags,
        security,
        querystring: AdminSubscriptionsQuerySchema,
        response: { 200: adminAnswer(AdminSubscriptionsPageSchema) },
      },
    },
    async (request) => ok(await listSubscriptions(reads, request.query)),
  );
  app.get(
    '/user-usage',
    {
      schema: {
        tags,
        security,
        querystring: UserUsageQuerySchema,
        response: { 200: adminAnswer(UserUsagePageSchema) },
      },
    },
    async (request) =>
      ok(await reports.userUsage(now(), request.query.sort, request.query.limit, request.query.offset)),
  );
  app.get(
    '/system-health',
    { schema: { tags, security, response: { 200: adminAnswer(SystemHealthSchema) } } },
    async () => ok(await systemHealth(app, jobs)),
  );
  app.get(
    '/audit-log',
    {
      schema: {
        tags,
        security,
        querystring: AuditQuerySchema,
        response: { 200: adminAnswer(AuditPageSchema) },
      },
    },
    async (request) => {
      const { entries, total } = await app.audit.list(request.query);
      return ok({ entries: await nameAuditEntries(reads, entries), total });
    },
  );
};
