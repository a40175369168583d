import type { LandscapeStatus } from '@app/contracts/landscape.ts';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { usageQuery } from '../api/landscape-queries.ts';
import { formatClock } from '../lib/format-moment.ts';

/** "2 of 3 left today". */
export function quotaText(status: LandscapeStatus): string {
  const left = Math.max(status.regenerationsAllowed - status.regenerationsUsed, 0);
  return `${left} of ${status.regenerationsAllowed} left today`;
}

/** A fresh reading of today within the plan's daily allowance. */
export function RegenerateControl({
  status,
  statusError,
  pending,
  onRegenerate,
}: {
  status: LandscapeStatus | undefined;
  statusError: string | null;
  pending: boolean;
  onRegenerate: () => void;
}) {
  const explainId = useId();
  const spent = status ? status.regenerationsUsed >= status.regenerationsAllowed : false;
  // When the allowance is spent, say when it comes back.
  const usage = useQuery({ ...usageQuery(), enabled: spent });
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted">
        Not quite speaking to you? Ask for another reading of the same sky.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          onClick={onRegenerate}
          loading={pending}
          loadingText="Composing a new reading…"
          disabled={!status || spent}
          aria-describedby={spent ? explainId : undefined}
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
        >
          Regenerate
        </Button>
        <span className="text-sm font-medium" data-testid="quota">
          {status ? quotaText(status) : '\u00a0'}
        </span>
      </div>
      {spent ? (
        <p id={explainId} className="text-sm text-muted">
          You have used today's regenerations
          {usage.data ? `; more are available from ${formatClock(usage.data.resetsAt, status!.zone)}` : ''}.
        </p>
      ) : null}
      {statusError ? <p className="text-sm text-danger">{statusError}</p> : null}
    </div>
  );
}
