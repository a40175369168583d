import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { listSessions } from './list-sessions.ts';
import { verifyResetToken } from './verify-reset-token.ts';

export const sessionsQuery = () =>
  queryOptions({ queryKey: queryKeys.auth.sessions(), queryFn: listSessions });

/** Never answered from cache: a link that worked a minute ago may be spent now. */
export const resetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.auth.resetLink(token),
    queryFn: () => verifyResetToken(token),
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
