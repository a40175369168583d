import type { Kysely } from 'kysely';

// Extra headers of a mail (JSON, e.g. the digest's List-Unsubscribe of RFC 8058); null: none.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();
}
