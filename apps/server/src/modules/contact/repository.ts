import type { ContactBody } from '@app/contracts/contact.ts';
import type { Kysely } from 'kysely';
import type { Tables } from '../../platform/db/schema.ts';

export interface StoredContactMessage {
  id: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  createdAt: string;
}

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
}
