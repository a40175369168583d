import type { ChatCorrection, ChatFact, ChatMemory, ChatMessage, ChatSession } from '@app/contracts/chat.ts';
import type { Kysely } from 'kysely';
import type { Tables } from '../../platform/db/schema.ts';

const SESSION_COLUMNS = ['id', 'title', 'created_at', 'updated_at'] as const;
const MESSAGE_COLUMNS = [
  'id',
  'role',
  'content',
  'facts',
  'stopped',
  'provider',
  'fallback',
  'corrections',
  'created_at',
] as const;

type SessionRow = Pick<Tables['chat_sessions'], (typeof SESSION_COLUMNS)[number]>;
type MessageRow = Pick<Tables['chat_messages'], (typeof MESSAGE_COLUMNS)[number]>;

const toSession = (row: SessionRow): ChatSession => ({
  id: row.id,
  title: row.title,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const toMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  role: row.role === 'assistant' ? 'assistant' : 'user',
  content: row.content,
  createdAt: row.created_at,
  facts: JSON.parse(row.facts) as ChatFact[],
  stopped: Number(row.stopped) === 1,
  provider: row.provider,
  fallback: Number(row.fallback) === 1,
  corrections: row.corrections ? (JSON.parse(row.corrections) as ChatCorrection[]) : null,
});

export interface NewMessage {
  id: string;
  sessionId: string;
  userId: string;
  role: 'user' | 'assistant';
  content: string;
  facts: ChatFact[];
  stopped: boolean;
  provider: string | null;
  fallback: boolean;
  /** Statements of the answer corrected against the chart; null when there were none. */
  corrections: ChatCorrection[] | null;
  /** The model asked, for an assistant message checked against the chart. */
  model?: string;
  createdAt: string;
}

/** Conversations, messages and memories; every read and write is scoped to the owner. */
export class ChatRepository {
  constructor(private readonly db: Kysely<Tables>) {}

  async sessions(userId: string): Promise<ChatSession[]> {
    const rows = await this.db
      .selectFrom('chat_sessions')
      .select(SESSION_COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(toSession);
  }

  async session(userId: string, id: string): Promise<ChatSession | null> {
    const row = await this.db
      .selectFrom('chat_sessions')
      .select(SESSION_COLUMNS)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toSession(row) : null;
  }

  async createSession(
    userId: string,
    session: { id: string; title: string; now: string },
  ): Promise<ChatSession> {
    await this.db
      .insertInto('chat_sessions')
      .values({
        id: session.id,
        user_id: userId,
        title: session.title,
        created_at: session.now,
        updated_at: session.now,
      })
      .execute();
    return { id: session.id, title: session.title, createdAt: session.now, updatedAt: session.now };
  }

  async rename(userId: string, id: string, title: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('chat_sessions')
      .set({ title, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async touch(userId: string, id: string, now: string): Promise<void> {
    await this.db
      .updateTable('chat_sessions')
      .set({ updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  async deleteSession(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('chat_sessions')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async messages(userId: string, sessionId: string): Promise<ChatMessage[]> {
    const rows = await this.db
      .selectFrom('chat_messages')
      .select(MESSAGE_COLUMNS)
      .where('user_id', '=', userId)
      .where('session_id', '=', sessionId)
      .orderBy('created_at')
      .orderBy('role', 'desc')
      .execute();
    return rows.map(toMessage);
  }

  async addMessage(message: NewMessage): Promise<ChatMessage> {
    await this.db
      .insertInto('chat_messages')
      .values({
        id: message.id,
        session_id: message.sessionId,
        user_id: message.userId,
        role: message.role,
        content: message.content,
        facts: JSON.stringify(message.facts),
        stopped: message.stopped ? 1 : 0,
        provider: message.provider,
        fallback: message.fallback ? 1 : 0,
        corrections: message.corrections ? JSON.stringify(message.corrections) : null,
        model: message.model ?? null,
        created_at: message.createdAt,
      })
      // The same message stored again (a retry after its first try's answer was lost) stays one.
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    return {
      id: message.id,
      role: message.role,
      content: message.content,
      createdAt: message.createdAt,
      facts: message.facts,
      stopped: message.stopped,
      provider: message.provider,
      fallback: message.fallback,
      corrections: message.corrections,
    };
  }

  /** An answer cut to what the person was shown when they stopped it. */
  async cutAnswer(userId: string, id: string, content: string): Promise<void> {
    await this.db
      .updateTable('chat_messages')
      .set({ content, stopped: 1 })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('role', '=', 'assistant')
      .execute();
  }

  async memories(userId: string): Promise<ChatMemory[]> {
    const rows = await this.db
      .selectFrom('chat_memories')
      .select(['id', 'text', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({ id: row.id, text: row.text, createdAt: row.created_at }));
  }

  async remember(userId: string, memory: { id: string; text: string; now: string }): Promise<void> {
    await this.db
      .insertInto('chat_memories')
      .values({ id: memory.id, user_id: userId, text: memory.text, created_at: memory.now })
      .onConflict((oc) => oc.columns(['user_id', 'text']).doNothing())
      .execute();
  }

  async forgetMemory(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('chat_memories')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
