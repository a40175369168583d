import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getSession } from './get-session.ts';
import { getStarters } from './get-starters.ts';
import { getUsage } from './get-usage.ts';
import { listSessions } from './list-sessions.ts';

export const usageQuery = () => queryOptions({ queryKey: queryKeys.chat.usage(), queryFn: getUsage });

// Tailored starters follow today's sky: fetched once per visit is plenty.
export const startersQuery = () =>
  queryOptions({ queryKey: queryKeys.chat.starters(), queryFn: getStarters, staleTime: 30 * 60_000 });

export const sessionsQuery = () =>
  queryOptions({ queryKey: queryKeys.chat.sessions(), queryFn: listSessions });

export const sessionQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.chat.session(id), queryFn: () => getSession(id) });
