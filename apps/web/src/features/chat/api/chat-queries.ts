import { queryOptions } from '@tanstack/react-query';
import { chatKeys } from './chat-keys.ts';
import { getSession } from './get-session.ts';
import { getStarters } from './get-starters.ts';
import { getUsage } from './get-usage.ts';
import { listSessions } from './list-sessions.ts';

export const usageQuery = () => queryOptions({ queryKey: chatKeys.usage(), queryFn: getUsage });

// Tailored starters follow today's sky: fetched once per visit is plenty.
export const startersQuery = () =>
  queryOptions({ queryKey: chatKeys.starters(), queryFn: getStarters, staleTime: 30 * 60_000 });

export const sessionsQuery = () => queryOptions({ queryKey: chatKeys.sessions(), queryFn: listSessions });

export const sessionQuery = (id: string) =>
  queryOptions({ queryKey: chatKeys.session(id), queryFn: () => getSession(id) });
