import type { AdminUsersQuery } from '@app/contracts/admin.ts';
import type { HouseSystemCode, ZodiacId } from '@app/contracts/chart.ts';

/**
 * Every cache key of the web app, from one factory: a feature's query options and its
 * invalidations name a key here, so a branch (`queryKeys.admin.all`) reaches all of its queries
 * and two features asking the same endpoint share one cache entry.
 */
export const queryKeys = {
  admin: {
    all: ['admin'] as const,
    access: () => [...queryKeys.admin.all, 'access'] as const,
    dashboard: () => [...queryKeys.admin.all, 'dashboard'] as const,
    analytics: (days: number) => [...queryKeys.admin.all, 'analytics', days] as const,
    subscriptionAnalytics: (days: number) =>
      [...queryKeys.admin.all, 'subscription-analytics', days] as const,
    users: (query: Partial<AdminUsersQuery>) => [...queryKeys.admin.all, 'users', query] as const,
    user: (id: string) => [...queryKeys.admin.all, 'user', id] as const,
    subscriptions: (query: object) => [...queryKeys.admin.all, 'subscriptions', query] as const,
    usage: (sort: string) => [...queryKeys.admin.all, 'usage', sort] as const,
    health: () => [...queryKeys.admin.all, 'health'] as const,
    audit: (query: object) => [...queryKeys.admin.all, 'audit', query] as const,
    inbox: (status: string) => [...queryKeys.admin.all, 'inbox', status] as const,
    applications: (status: string) => [...queryKeys.admin.all, 'applications', status] as const,
  },
  auth: {
    all: ['auth'] as const,
    sessions: () => [...queryKeys.auth.all, 'sessions'] as const,
    /** A link's check is keyed by its token: another link is another answer. */
    verifyEmail: (token: string) => [...queryKeys.auth.all, 'verify-email', token] as const,
    resetLink: (token: string) => [...queryKeys.auth.all, 'reset-link', token] as const,
  },
  chat: {
    all: ['chat'] as const,
    usage: () => [...queryKeys.chat.all, 'usage'] as const,
    starters: () => [...queryKeys.chat.all, 'starters'] as const,
    sessions: () => [...queryKeys.chat.all, 'sessions'] as const,
    session: (id: string) => [...queryKeys.chat.sessions(), id] as const,
    memory: () => [...queryKeys.chat.all, 'memory'] as const,
  },
  landscape: {
    all: ['cosmic-landscape'] as const,
    dashboard: () => [...queryKeys.landscape.all, 'dashboard'] as const,
    today: () => [...queryKeys.landscape.all, 'today'] as const,
    status: () => [...queryKeys.landscape.all, 'status'] as const,
    usage: () => [...queryKeys.landscape.all, 'usage'] as const,
    history: (limit: number) => [...queryKeys.landscape.all, 'history', limit] as const,
    location: () => [...queryKeys.landscape.all, 'location'] as const,
  },
  /** The natal chart of the saved birth data: drawn on the birth-data page and in the landscape. */
  natalChart: {
    all: ['natal-chart'] as const,
    of: (houseSystem: HouseSystemCode, zodiac: ZodiacId = 'tropical') =>
      [...queryKeys.natalChart.all, houseSystem, zodiac] as const,
  },
  /** The daily note and digest: the person's settings and the devices that get notes. */
  notifications: {
    all: ['notifications'] as const,
    settings: () => [...queryKeys.notifications.all, 'settings'] as const,
    devices: () => [...queryKeys.notifications.all, 'devices'] as const,
    pushKey: () => [...queryKeys.notifications.all, 'push-key'] as const,
  },
  /** People in the person's life and the comparison of their charts. */
  people: {
    all: ['people'] as const,
    list: () => [...queryKeys.people.all, 'list'] as const,
    synastry: (id: string) => [...queryKeys.people.all, 'synastry', id] as const,
  },
  subscription: {
    all: ['subscription'] as const,
    status: () => [...queryKeys.subscription.all, 'status'] as const,
    plans: () => [...queryKeys.subscription.all, 'plans'] as const,
    invoices: () => [...queryKeys.subscription.all, 'invoices'] as const,
    coupon: (code: string, planId: string | undefined) =>
      [...queryKeys.subscription.all, 'coupon', code, planId] as const,
  },
  partnerProgramme: () => ['partner-programme'] as const,
  /** The home page's samples of the product's output (the same for everyone, one per UTC day). */
  samples: () => ['samples'] as const,
  serviceStatus: () => ['service-status'] as const,
  contactInfo: () => ['contact-info'] as const,
};
