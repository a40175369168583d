import { useQuery } from '@tanstack/react-query';
import { formatClockTime } from '../../../lib/format-date.ts';
import { usageQuery } from '../api/chat-queries.ts';

/** "12 of 50 messages left today", or when more can be sent once the day's allowance is used. */
export function UsageLine() {
  const usage = useQuery(usageQuery());
  if (!usage.data) return null;
  const { used, limit, resetsAt } = usage.data;
  const left = Math.max(0, limit - used);
  return (
    <p className="text-xs text-muted">
      {left > 0
        ? `${left} of ${limit} messages left today`
        : `No messages left today. More from ${formatClockTime(resetsAt)}.`}
    </p>
  );
}
