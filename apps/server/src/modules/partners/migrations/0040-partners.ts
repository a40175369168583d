import { type Kysely, sql } from 'kysely';

// The partner programme: applications, partners with their coupon codes, first-party affiliate
// clicks, the attribution of accounts to partners, and the commission ledger.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('partner_applications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('channels', 'text', (col) => col.notNull())
    .addColumn('audience_size', 'text', (col) => col.notNull())
    .addColumn('promotion', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('rejection_reason', 'text')
    .addColumn('partner_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  // One pending application per address: a repeat updates it instead of adding another.
  await db.schema
    .createIndex('partner_applications_one_pending')
    .on('partner_applications')
    .column('email')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('partner_applications_status')
    .on('partner_applications')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('partners')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('application_id', 'text', (col) => col.unique().references('partner_applications.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('coupon_code', 'text', (col) => col.notNull().unique())
    // Basis points (2000 = 20 %): integer arithmetic on money, no floating point in storage.
    .addColumn('commission_bps', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('affiliate_clicks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('code', 'text', (col) => col.notNull())
    // Null for codes that belong to no partner: recorded, credited to nobody.
    .addColumn('partner_id', 'text', (col) => col.references('partners.id'))
    .addColumn('visitor_id', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('clicked_at', 'text', (col) => col.notNull())
    .addColumn('landing_path', 'text', (col) => col.notNull())
    .addColumn('referrer', 'text')
    .execute();
  await db.schema
    .createIndex('affiliate_clicks_once_a_day')
    .on('affiliate_clicks')
    .columns(['visitor_id', 'code', 'day'])
    .unique()
    .execute();
  await db.schema
    .createIndex('affiliate_clicks_partner')
    .on('affiliate_clicks')
    .columns(['partner_id', 'clicked_at'])
    .execute();

  await db.schema
    .createTable('affiliate_attributions')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('partner_id', 'text', (col) => col.notNull().references('partners.id'))
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('click_id', 'text', (col) => col.references('affiliate_clicks.id'))
    .addColumn('clicked_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('affiliate_attributions_partner')
    .on('affiliate_attributions')
    .column('partner_id')
    .execute();

  await db.schema
    .createTable('commission_ledger')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('partner_id', 'text', (col) => col.notNull().references('partners.id'))
    // The customer; kept as null when the account is deleted so that the partner's figures stay.
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('external_id', 'text', (col) => col.notNull())
    .addColumn('amount_minor', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('commission_minor', 'integer', (col) => col.notNull())
    .addColumn('coupon_code', 'text')
    // A refund's entry points at the sale whose commission it reverses.
    .addColumn('reverses_id', 'text', (col) => col.references('commission_ledger.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('commission_ledger_once')
    .on('commission_ledger')
    .columns(['kind', 'external_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('commission_ledger_partner')
    .on('commission_ledger')
    .columns(['partner_id', 'created_at'])
    .execute();
  await db.schema.createIndex('commission_ledger_user').on('commission_ledger').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('commission_ledger').execute();
  await db.schema.dropTable('affiliate_attributions').execute();
  await db.schema.dropTable('affiliate_clicks').execute();
  await db.schema.dropTable('partners').execute();
  await db.schema.dropTable('partner_applications').execute();
}
