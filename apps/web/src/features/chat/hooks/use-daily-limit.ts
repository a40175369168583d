import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/query-keys.ts';
import { usageQuery } from '../api/chat-queries.ts';

// setTimeout's longest wait; a reset further off is checked again after it.
const LONGEST_WAIT_MS = 2 ** 31 - 1;

export interface DailyLimit {
  /** The day's messages are used up: nothing can be sent until `resetsAt`. */
  reached: boolean;
  limit: number | null;
  resetsAt: string | null;
}

/** The day's message allowance, read again when it starts afresh (the person's midnight). */
export function useDailyLimit(): DailyLimit {
  const queryClient = useQueryClient();
  const usage = useQuery(usageQuery()).data;
  const resetsAt = usage?.resetsAt ?? null;
  const reached = Boolean(usage && usage.used >= usage.limit && Date.parse(usage.resetsAt) > Date.now());
  useEffect(() => {
    if (!reached || !resetsAt) return;
    const wait = Math.min(Math.max(Date.parse(resetsAt) - Date.now(), 0) + 1_000, LONGEST_WAIT_MS);
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: queryKeys.chat.usage() }),
      wait,
    );
    return () => clearTimeout(timer);
  }, [queryClient, reached, resetsAt]);
  return { reached, limit: usage?.limit ?? null, resetsAt };
}
