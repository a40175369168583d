import { type LandscapeStatus, NO_OTHER_READING_MESSAGE } from '@app/contracts/landscape.ts';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { formatClockTime } from '../../../lib/format-date.ts';
import { usageQuery } from '../api/landscape-queries.ts';

/** "2 of 3 left today". */
function quotaText(status: LandscapeStatus): string {
  const left = Math.max(status.regenerationsAllowed - status.regenerationsUsed, 0);
  return `${left} of ${status.regenerationsAllowed} left today`;
}

const isSpent = (status: LandscapeStatus | undefined) =>
  status ? status.regenerationsUsed >= status.regenerationsAllowed : false;

/** Whether the day has another reading to give (unknown while the status loads: offered, off). */
export const offersAnotherReading = (status: LandscapeStatus | undefined) =>
  status?.anotherReadingAvailable !== false;

/**
 * Another reading of today within the plan's daily allowance, with what is left. Not offered at
 * all when no other reading of the day reads differently (RegenerateNote says why).
 */
export function RegenerateButton({
  status,
  pending,
  onRegenerate,
  noteId,
}: {
  status: LandscapeStatus | undefined;
  pending: boolean;
  onRegenerate: () => void;
  /** The id of the RegenerateNote that explains a button turned off. */
  noteId: string;
}) {
  if (!offersAnotherReading(status)) return null;
  const spent = isSpent(status);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={onRegenerate}
        loading={pending}
        loadingText="Composing a new reading…"
        disabled={!status || spent}
        aria-describedby={spent ? noteId : undefined}
        icon={<RefreshCw aria-hidden="true" className="size-4" />}
      >
        Regenerate
      </Button>
      <span className="text-sm text-muted" data-testid="quota">
        {status ? quotaText(status) : '\u00a0'}
      </span>
    </>
  );
}

/**
 * Why another reading is not offered: every reading of the day's sky has been given, or the
 * allowance is spent (and when it comes back). A live region, so a change is announced.
 */
export function RegenerateNote({
  status,
  id,
  ref,
}: {
  status: LandscapeStatus | undefined;
  id: string;
  /** Focus comes here when the button it explains is taken away from under it. */
  ref?: Ref<HTMLParagraphElement>;
}) {
  const spent = isSpent(status) && offersAnotherReading(status);
  // When the allowance is spent, say when it comes back.
  const usage = useQuery({ ...usageQuery(), enabled: spent });
  let note = '';
  if (!offersAnotherReading(status)) note = NO_OTHER_READING_MESSAGE;
  else if (spent)
    note = `You have used today's regenerations${
      usage.data && status
        ? `; more are available from ${formatClockTime(usage.data.resetsAt, status.zone)}`
        : ''
    }.`;
  return (
    <p id={id} ref={ref} tabIndex={-1} role="status" className="text-sm text-muted">
      {note}
    </p>
  );
}
