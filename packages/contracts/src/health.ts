import { z } from 'zod';

/** GET /api/health: the process is up. */
export const HealthSchema = z.object({ status: z.literal('ok'), version: z.string() });
export type Health = z.infer<typeof HealthSchema>;

/** GET /api/ready: the process can serve (its database takes writes). */
export const ReadySchema = z.object({ status: z.literal('ready'), database: z.literal('ok') });
