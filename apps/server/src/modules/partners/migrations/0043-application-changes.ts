import type { Kysely } from 'kysely';

// Answers sent again for an address whose application is pending. They wait here until the link
// mailed to that address confirms them, so nobody can rewrite another person's application.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('partner_application_changes')
    .addColumn('secret_hash', 'text', (col) => col.primaryKey())
    .addColumn('application_id', 'text', (col) => col.notNull().references('partner_applications.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('channels', 'text', (col) => col.notNull())
    .addColumn('audience_size', 'text', (col) => col.notNull())
    .addColumn('promotion', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('partner_application_changes_application')
    .on('partner_application_changes')
    .column('application_id')
    .execute();
}
