import { z } from 'zod';

// /api/chat: the astrology assistant (docs/requirements/api.md#chat). Answers are
// `{ success, data }`; errors use the common error body. Messages stream as server-sent events or
// over the socket.

export const CHAT_MESSAGE_MAX = 4000;
export const CHAT_TITLE_MAX = 80;

/**
 * docs/requirements/api.md#chat: the five fixed starters (birth chart, transits, aspects, Moon
 * sign, career).
 */
export const FIXED_STARTERS = [
  'What does my birth chart say about me?',
  'Which transits are shaping my days right now?',
  'What are the most important aspects in my chart?',
  'What does my Moon sign mean?',
  'What does my chart say about my career?',
] as const;

/** Strips invisible control and format characters (keeps line breaks and tabs), then trims. */
function cleanMessage(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}]/gu, (c) => (c === '\n' || c === '\t' ? c : '')).trim();
}

export const ChatMessageBodySchema = z.strictObject({
  content: z
    .string({ error: 'The message must be text.' })
    .transform(cleanMessage)
    .pipe(
      z
        .string()
        .min(1, 'Please write a message first.')
        .max(CHAT_MESSAGE_MAX, `A message can be at most ${CHAT_MESSAGE_MAX} characters.`),
    ),
});

export const ChatFactSchema = z.object({
  /** "Moon in Aquarius in the 4th house", "Saturn squares your natal Sun (exact 25 Nov)". */
  text: z.string(),
  kind: z.enum(['placement', 'angle', 'aspect', 'transit', 'house', 'sky', 'memory']),
});
export type ChatFact = z.infer<typeof ChatFactSchema>;

/** A statement of an answer checked against the person's chart: what the assistant said, and what the chart says. */
const ChatCorrectionSchema = z.object({ said: z.string(), chart: z.string() });
export type ChatCorrection = z.infer<typeof ChatCorrectionSchema>;

const ChatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  createdAt: z.string(),
  /** The facts from the chart and the sky the answer rests on (assistant messages). */
  facts: z.array(ChatFactSchema),
  /** The answer was cut short by the person (assistant messages). */
  stopped: z.boolean(),
  /** Which assistant wrote it: 'builtin', or 'openai' (with 'fallback' when it fell back to the built-in one). */
  provider: z.string().nullable(),
  fallback: z.boolean(),
  /**
   * Statements of the answer corrected against the chart before they were shown (assistant
   * messages; null or absent when none, and on answers stored before the check).
   */
  corrections: z.array(ChatCorrectionSchema).nullable().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatSessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatSession = z.infer<typeof ChatSessionSchema>;

export const ChatSessionDetailSchema = ChatSessionSchema.extend({ messages: z.array(ChatMessageSchema) });
export type ChatSessionDetail = z.infer<typeof ChatSessionDetailSchema>;

export const CreateSessionBodySchema = z.strictObject({
  title: z
    .string({ error: 'The title must be text.' })
    .transform(cleanMessage)
    .pipe(
      z
        .string()
        .min(1, 'Please give the conversation a title.')
        .max(CHAT_TITLE_MAX, `A title can be at most ${CHAT_TITLE_MAX} characters.`),
    )
    .optional(),
});

export const RenameSessionBodySchema = z.strictObject({
  title: z
    .string({ error: 'The title must be text.' })
    .transform(cleanMessage)
    .pipe(
      z
        .string()
        .min(1, 'Please give the conversation a title.')
        .max(CHAT_TITLE_MAX, `A title can be at most ${CHAT_TITLE_MAX} characters.`),
    ),
});

export const SessionParamsSchema = z.strictObject({
  id: z.string().uuid('That conversation does not exist.'),
});

export const ChatUsageSchema = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  resetsAt: z.string(),
});
export type ChatUsage = z.infer<typeof ChatUsageSchema>;

export const ChatStartersSchema = z.object({
  fixed: z.array(z.string()),
  /** Up to three made for this person from their chart and today's sky. */
  tailored: z.array(z.string()),
});

export const ChatMemorySchema = z.object({ id: z.string(), text: z.string(), createdAt: z.string() });
export type ChatMemory = z.infer<typeof ChatMemorySchema>;

/** One streamed piece (SSE `data:` event, socket `chat:delta`). */
export const ChatDeltaSchema = z.object({ text: z.string() });
/** The final event (SSE `event: done`, socket `chat:done`). */
export const ChatDoneSchema = z.object({
  sessionId: z.string(),
  message: ChatMessageSchema,
  userMessage: ChatMessageSchema,
});
export type ChatDone = z.infer<typeof ChatDoneSchema>;

/** The stream's last event instead of `done` when the answer could not be stored. */
export const ChatFailedSchema = z.object({ status: z.number(), error: z.string(), code: z.string() });

/**
 * The first event (SSE `event: started`, socket `chat:started`): the question is stored. A stop
 * names it, so that only its answer is cut.
 */
export const ChatStartedSchema = z.object({ sessionId: z.string(), userMessage: ChatMessageSchema });

/**
 * POST /api/chat/sessions/:id/stop, and the socket's `chat:stop`: the person stopped the answer to
 * the question `after` with its first `shown` characters on screen. The stored answer becomes
 * those characters, marked stopped, even when the assistant had said more by then. Answers the
 * stored exchange, or null when that answer is not stored (yet) or is not the latest.
 */
export const ChatStopBodySchema = z.strictObject({
  after: z.string().uuid(),
  shown: z.number().int().min(0),
});
export type ChatStopBody = z.infer<typeof ChatStopBodySchema>;

// The realtime socket (Socket.IO on the app's own port, path /socket.io, token in the handshake's
// `auth.token`): the client emits `chat:send { sessionId, content }` and `chat:stop { sessionId }`;
// the server emits the events below. `chat:done` goes to every connection of the person.
export const SOCKET_PATH = '/socket.io';
export const ChatSocketDeltaSchema = ChatDeltaSchema.extend({ sessionId: z.string() });
export const ChatSocketErrorSchema = z.object({
  sessionId: z.unknown(),
  status: z.number(),
  code: z.string(),
  error: z.string(),
});
/** `chat:stop`: without `after` (nothing said yet) it stops the answer being prepared. */
export const ChatSocketStopSchema = z.object({
  sessionId: z.string(),
  after: z.string().uuid().optional(),
  shown: z.number().int().min(0).optional(),
});

/** News of a conversation for every connection of its owner, so that other tabs follow. */
export const CHAT_RENAMED_EVENT = 'chat:renamed';
export const CHAT_DELETED_EVENT = 'chat:deleted';
export const ChatDeletedSchema = z.object({ sessionId: z.string() });
export type ChatDeleted = z.infer<typeof ChatDeletedSchema>;

export const chatAnswer = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
