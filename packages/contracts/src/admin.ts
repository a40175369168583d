import { z } from 'zod';
import { NameSchema, RoleSchema } from './auth.ts';

// The operators' admin area (docs/requirements/access-and-roles.md and api.md): every answer is
// { success, data }.

export const adminAnswer = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

const ADMIN_PAGE_MAX = 100;

const limit = z.coerce
  .number({ error: 'limit must be a number from 1 to 100' })
  .int('limit must be a whole number')
  .min(1, 'limit must be at least 1')
  .max(ADMIN_PAGE_MAX, `limit must be at most ${ADMIN_PAGE_MAX}`)
  .default(25);
const offset = z.coerce
  .number({ error: 'offset must be a number' })
  .int('offset must be a whole number')
  .min(0, 'offset must be 0 or more')
  .default(0);

const SubscriptionStatusFilterSchema = z.enum([
  'trialing',
  'active',
  'past_due',
  'canceled',
  'incomplete',
  'none',
]);

// Dashboard

/** 'log' without SMTP_URL: mail stays in the outbox and each one goes to the server log instead. */
const MailDeliverySchema = z.enum(['smtp', 'log']);

export const AdminDashboardSchema = z.object({
  users: z.object({
    total: z.number(),
    verified: z.number(),
    disabled: z.number(),
    admins: z.number(),
    new7d: z.number(),
    new30d: z.number(),
  }),
  subscriptionsByStatus: z.record(z.string(), z.number()),
  /** Monthly recurring revenue in minor units per currency (yearly plans count a twelfth). */
  mrrMinor: z.record(z.string(), z.number()),
  /** Over the last 30 days: trials that ended, how many became paid, and the share (0..1 or null). */
  trialConversion30d: z.object({ ended: z.number(), converted: z.number(), rate: z.number().nullable() }),
  /** Subscriptions that ended in the last 30 days against those running 30 days ago. */
  churn30d: z.object({ ended: z.number(), base: z.number(), rate: z.number().nullable() }),
  today: z.object({ chatMessages: z.number(), landscapes: z.number() }),
  mailBacklog: z.number(),
  mailDelivery: MailDeliverySchema,
  openPartnerApplications: z.number(),
  openContactMessages: z.number(),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;
export type MailDelivery = z.infer<typeof MailDeliverySchema>;

// Users

const AdminUserSortSchema = z.enum(['created', 'email', 'name', 'lastSeen']);
export const AdminUsersQuerySchema = z.strictObject({
  search: z.string().trim().max(200, 'search is at most 200 characters').optional(),
  role: RoleSchema.optional(),
  status: z.enum(['verified', 'unverified', 'disabled']).optional(),
  plan: z.string().trim().max(100).optional(),
  sort: AdminUserSortSchema.default('created'),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit,
  offset,
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  emailVerified: z.boolean(),
  disabled: z.boolean(),
  secondFactor: z.boolean(),
  plan: z.string().nullable(),
  subscriptionStatus: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersPageSchema = z.object({
  users: z.array(AdminUserSchema),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>;

export const AdminIdParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });

/** Only these four; anything else is refused (no mass assignment). */
export const AdminUserUpdateSchema = z
  .strictObject({
    name: NameSchema.optional(),
    role: RoleSchema.optional(),
    emailVerified: z.boolean().optional(),
    disabled: z.boolean().optional(),
  })
  .refine(
    (body) => Object.keys(body).length > 0,
    'Name at least one of name, role, emailVerified, disabled.',
  );
export type AdminUserUpdate = z.infer<typeof AdminUserUpdateSchema>;

export const AdminUserDeleteSchema = z.strictObject({
  confirmEmail: z.string().trim().min(1, "Type the person's email address to confirm."),
});

export const AdminUserDetailSchema = z.object({
  user: AdminUserSchema,
  subscription: z
    .object({
      status: z.string(),
      plan: z.string(),
      currentPeriodEnd: z.string().nullable(),
      trialEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
  usage: z.object({
    chatMessagesToday: z.number(),
    chatMessages30d: z.number(),
    landscapes30d: z.number(),
  }),
  /** How many people in their life the person added (their births stay private to them). */
  peopleAdded: z.number(),
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      userAgent: z.string().nullable(),
    }),
  ),
  audit: z.lazy(() => z.array(AdminAuditEntrySchema)),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

// Analytics

export const AnalyticsQuerySchema = z.strictObject({
  days: z.coerce
    .number({ error: 'days must be a number from 1 to 365' })
    .int('days must be a whole number')
    .min(1, 'days must be from 1 to 365')
    .max(365, 'days must be from 1 to 365')
    .default(30),
});

const AnalyticsDaySchema = z.object({
  date: z.string(),
  signups: z.number(),
  verifications: z.number(),
  activeUsers: z.number(),
  chatMessages: z.number(),
  landscapes: z.number(),
});
export const AnalyticsSchema = z.object({ days: z.array(AnalyticsDaySchema) });
export type Analytics = z.infer<typeof AnalyticsSchema>;

const SubscriptionAnalyticsDaySchema = z.object({
  date: z.string(),
  newSubscriptions: z.number(),
  cancelled: z.number(),
  churned: z.number(),
  trialsStarted: z.number(),
  trialsConverted: z.number(),
  /** Paid invoices of the day, minor units per currency. */
  revenueMinor: z.record(z.string(), z.number()),
});
export const SubscriptionAnalyticsSchema = z.object({ days: z.array(SubscriptionAnalyticsDaySchema) });
export type SubscriptionAnalytics = z.infer<typeof SubscriptionAnalyticsSchema>;

// Subscriptions and usage

export const AdminSubscriptionsQuerySchema = z.strictObject({
  status: SubscriptionStatusFilterSchema.exclude(['none']).optional(),
  plan: z.string().trim().max(100).optional(),
  limit,
  offset,
});
const AdminSubscriptionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  plan: z.string(),
  status: z.string(),
  currentPeriodEnd: z.string().nullable(),
  trialEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  createdAt: z.string(),
});
export const AdminSubscriptionsPageSchema = z.object({
  subscriptions: z.array(AdminSubscriptionSchema),
  total: z.number(),
});
export type AdminSubscriptionsPage = z.infer<typeof AdminSubscriptionsPageSchema>;

export const UserUsageQuerySchema = z.strictObject({
  sort: z.enum(['chatToday', 'chat30d', 'landscapes30d']).default('chat30d'),
  limit,
  offset,
});
const UserUsageRowSchema = z.object({
  userId: z.string(),
  email: z.string(),
  chatMessagesToday: z.number(),
  chatMessages30d: z.number(),
  landscapesToday: z.number(),
  landscapes30d: z.number(),
});
export const UserUsagePageSchema = z.object({ rows: z.array(UserUsageRowSchema) });
export type UserUsagePage = z.infer<typeof UserUsagePageSchema>;

// System health

export const SystemHealthSchema = z.object({
  version: z.string(),
  uptimeSeconds: z.number(),
  memory: z.object({ rssBytes: z.number(), heapUsedBytes: z.number() }),
  database: z.object({
    engine: z.string(),
    reachable: z.boolean(),
    latencyMs: z.number().nullable(),
    migrationsApplied: z.number(),
  }),
  mail: z.object({
    backlog: z.number(),
    lastError: z.string().nullable(),
    delivery: MailDeliverySchema,
  }),
  /** `reachable` is null where there is nothing to reach (the local test provider). */
  payments: z.object({ provider: z.string(), mode: z.string(), reachable: z.boolean().nullable() }),
  assistant: z.object({
    provider: z.string(),
    model: z.string().nullable(),
    /**
     * Per model, over the last 7 days: the answers checked against the chart, and those with a
     * statement corrected (decision 0213). Most answered first.
     */
    corrections: z.array(z.object({ model: z.string(), checked: z.number(), corrected: z.number() })),
  }),
  jobs: z.object({
    /** This process runs the scheduled jobs. */
    scheduled: z.boolean(),
    runs: z.array(
      z.object({
        name: z.string(),
        intervalMs: z.number(),
        lastRunAt: z.string().nullable(),
        lastDurationMs: z.number().nullable(),
        lastError: z.string().nullable(),
        lagMs: z.number(),
      }),
    ),
  }),
});
export type SystemHealth = z.infer<typeof SystemHealthSchema>;

// Audit log

const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/**
 * An entry as the admin area shows it: the stored one with the names of the people behind the
 * ids, joined by the server when it answers. Null where nobody matches (an operator's command, an
 * account deleted since, a target that is not a person or a message).
 */
const AdminAuditEntrySchema = AuditEntrySchema.extend({
  actorName: z.string().nullable(),
  targetName: z.string().nullable(),
  targetEmail: z.string().nullable(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;

export const AuditQuerySchema = z.strictObject({
  actor: z.string().trim().max(200).optional(),
  target: z.string().trim().max(200).optional(),
  limit,
  offset,
});
export const AuditPageSchema = z.object({ entries: z.array(AdminAuditEntrySchema), total: z.number() });
export type AuditPage = z.infer<typeof AuditPageSchema>;

// Contact messages

export const ContactInboxQuerySchema = z.strictObject({
  status: z.enum(['open', 'handled']).optional(),
  limit,
  offset,
});
export const ContactInboxItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  topic: z.string(),
  message: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type ContactInboxItem = z.infer<typeof ContactInboxItemSchema>;
export const ContactInboxPageSchema = z.object({
  messages: z.array(ContactInboxItemSchema),
  total: z.number(),
});
export const ContactReplySchema = z.strictObject({
  body: z.string().trim().min(1, 'Write a reply first.').max(10_000, 'A reply is at most 10,000 characters.'),
});
