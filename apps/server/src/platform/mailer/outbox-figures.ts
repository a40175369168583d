import type { Kysely } from 'kysely';
import { countOf } from '../db/figures.ts';
import type { Tables } from '../db/schema.ts';

// The outbox as operators see it (decision 0219): what waits to be sent, and why it waits.

/** Mail not sent yet (all of it when there is no SMTP server to send to). */
export async function mailBacklog(db: Kysely<Tables>): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return countOf(row?.n);
}

/** The error of the unsent mail tried most recently, or null. */
export async function lastMailError(db: Kysely<Tables>): Promise<string | null> {
  const row = await db
    .selectFrom('mail_outbox')
    .select(['last_error'])
    .where('sent_at', 'is', null)
    .where('last_error', 'is not', null)
    .orderBy('next_attempt_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.last_error ?? null;
}
