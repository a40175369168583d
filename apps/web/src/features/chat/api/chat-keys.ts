/** The one source of query keys for the chat, so invalidation can target a branch of them. */
export const chatKeys = {
  all: ['chat'] as const,
  usage: () => [...chatKeys.all, 'usage'] as const,
  starters: () => [...chatKeys.all, 'starters'] as const,
  sessions: () => [...chatKeys.all, 'sessions'] as const,
  session: (id: string) => [...chatKeys.sessions(), id] as const,
};
