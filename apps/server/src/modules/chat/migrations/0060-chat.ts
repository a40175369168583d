import type { Kysely } from 'kysely';

// The assistant's conversations, their messages, and the short things a person told it that it
// keeps across conversations (shown in settings, each deletable). All go with the account.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('chat_sessions_user')
    .on('chat_sessions')
    .columns(['user_id', 'updated_at'])
    .execute();
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('session_id', 'text', (col) =>
      col.notNull().references('chat_sessions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('facts', 'text', (col) => col.notNull())
    .addColumn('stopped', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('provider', 'text')
    .addColumn('fallback', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('chat_messages_session')
    .on('chat_messages')
    .columns(['session_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('chat_memories')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('chat_memories_user_text', ['user_id', 'text'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_memories').execute();
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chat_sessions').execute();
}
