import type { ContactInboxItem } from '@app/contracts/admin.ts';
import type { ContactBody } from '@app/contracts/contact.ts';
import type { Kysely } from 'kysely';
import { countOf, namesByIds } from '../../platform/db/figures.ts';
import type { Tables } from '../../platform/db/schema.ts';

export interface StoredContactMessage {
  id: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  createdAt: string;
}

/** Open: no operator has marked it handled (or replied) yet. */
export type InboxStatus = 'open' | 'handled';

const INBOX_COLUMNS = ['id', 'name', 'email', 'topic', 'message', 'created_at', 'handled_at'] as const;

const toInboxItem = (row: {
  id: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  created_at: string;
  handled_at: string | null;
}): ContactInboxItem => ({
  id: row.id,
  name: row.name,
  email: row.email,
  topic: row.topic,
  message: row.message,
  createdAt: row.created_at,
  handledAt: row.handled_at,
});

export class ContactRepository {
  constructor(private readonly db: Kysely<Tables>) {}

  async insert(id: string, body: ContactBody, now: string): Promise<void> {
    await this.db
      .insertInto('contact_messages')
      .values({
        id,
        name: body.name,
        email: body.email,
        topic: body.topic,
        message: body.message,
        created_at: now,
      })
      .execute();
  }

  async byEmail(email: string): Promise<StoredContactMessage[]> {
    const rows = await this.db
      .selectFrom('contact_messages')
      .select(['id', 'name', 'email', 'topic', 'message', 'created_at'])
      .where('email', '=', email)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      topic: row.topic,
      message: row.message,
      createdAt: row.created_at,
    }));
  }

  async deleteByEmail(email: string): Promise<void> {
    await this.db.deleteFrom('contact_messages').where('email', '=', email).execute();
  }

  // The operators' inbox

  private inboxOf(status: InboxStatus | undefined) {
    const all = this.db.selectFrom('contact_messages');
    if (status === 'open') return all.where('handled_at', 'is', null);
    if (status === 'handled') return all.where('handled_at', 'is not', null);
    return all;
  }

  async findInInbox(id: string): Promise<ContactInboxItem | undefined> {
    const row = await this.db
      .selectFrom('contact_messages')
      .select(INBOX_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toInboxItem(row);
  }

  /** A page of the inbox, newest first, and how many messages the status has in all. */
  async inboxPage(query: {
    status?: InboxStatus;
    limit: number;
    offset: number;
  }): Promise<{ messages: ContactInboxItem[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.inboxOf(query.status)
        .select(INBOX_COLUMNS)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      this.inboxCount(query.status),
    ]);
    return { messages: rows.map(toInboxItem), total };
  }

  async inboxCount(status?: InboxStatus): Promise<number> {
    const row = await this.inboxOf(status)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return countOf(row.n);
  }

  async markHandled(id: string, handledAt: string): Promise<void> {
    await this.db
      .updateTable('contact_messages')
      .set({ handled_at: handledAt })
      .where('id', '=', id)
      .execute();
  }

  /** The senders' names and addresses by message id. */
  sendersOf(ids: readonly string[]): Promise<Map<string, { name: string; email: string }>> {
    return namesByIds(this.db, 'contact_messages', ids);
  }
}
