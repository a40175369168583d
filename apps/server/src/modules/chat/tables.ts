interface ChatSessionsTable {
  id: string;
  user_id: string;
  title: string;
  created_at: string;
  updated_at: string;
}

interface ChatMessagesTable {
  id: string;
  session_id: string;
  user_id: string;
  role: string;
  content: string;
  /** JSON list of the facts the answer used. */
  facts: string;
  stopped: number;
  provider: string | null;
  fallback: number;
  /** JSON list of the statements corrected against the chart ({ said, chart }), or null (none, or before 0.1.3). */
  corrections: string | null;
  /** The model that was asked (assistant messages checked against the chart; null before). */
  model: string | null;
  created_at: string;
}

interface ChatMemoriesTable {
  id: string;
  user_id: string;
  text: string;
  created_at: string;
}

export interface ChatTables {
  chat_sessions: ChatSessionsTable;
  chat_messages: ChatMessagesTable;
  chat_memories: ChatMemoriesTable;
}
