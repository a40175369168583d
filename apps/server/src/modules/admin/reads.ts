import type { FastifyInstance } from 'fastify';
import type { UseWindow } from '../../platform/db/figures.ts';

// The admin area reads other modules only through the read models they own and declare (decision
// 0219); it names none of their tables. Day boundaries are UTC days.

/** The ports the admin area reads: each module's figures and lists for operators. */
export type AdminReads = Pick<
  FastifyInstance,
  | 'accountFigures'
  | 'birthProfileFigures'
  | 'subscriptionFigures'
  | 'chatFigures'
  | 'landscapeFigures'
  | 'partnerFigures'
  | 'contactFigures'
>;

export const DAY_MS = 86_400_000;

export const iso = (ms: number) => new Date(ms).toISOString();

export const utcDayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** The windows of the usage figures: since the start of today (UTC), and over the last 30 days. */
export const useWindow = (now: Date): UseWindow => ({
  today: iso(utcDayStart(now.getTime())),
  since30: iso(now.getTime() - 30 * DAY_MS),
});
