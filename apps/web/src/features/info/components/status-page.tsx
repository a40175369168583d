import type { Health } from '@app/contracts/health.ts';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { api } from '../../../lib/api-client.ts';
import { formatClockTime } from '../../../lib/format-date.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Whether the service answers (GET /api/health) and can serve (GET /api/ready: its database answers). */
async function checkStatus(): Promise<{ version: string | null; ready: boolean; checkedAt: Date }> {
  const [health, ready] = await Promise.allSettled([
    api.get<Health>('/api/health', { timeout: 10_000 }),
    api.get('/api/ready', { timeout: 10_000 }),
  ]);
  return {
    version: health.status === 'fulfilled' ? health.value.data.version : null,
    ready: ready.status === 'fulfilled',
    checkedAt: new Date(),
  };
}

/** /status, from the footer: is the service working right now, as this browser sees it. */
export default function StatusPage() {
  const status = useQuery({
    queryKey: queryKeys.serviceStatus(),
    queryFn: checkStatus,
    refetchInterval: 60_000,
    retry: false,
  });
  const working = status.data?.ready && status.data.version !== null;
  return (
    <Page
      title="Service status"
      lead="Whether Astro Guidance is working right now, checked from your browser."
    >
      <div aria-live="polite" className="rounded-2xl border border-line bg-surface p-6">
        {status.isPending ? (
          <p className="flex items-center gap-2">
            <Spinner /> Checking…
          </p>
        ) : working ? (
          <p className="flex items-center gap-2 text-lg font-medium">
            <CircleCheck aria-hidden="true" className="size-6 text-success" /> All systems are working.
          </p>
        ) : (
          <p className="flex items-center gap-2 text-lg font-medium">
            <CircleAlert aria-hidden="true" className="size-6 text-danger" />
            {status.data?.version
              ? 'The service is up but cannot serve requests right now. We are on it; please try again in a few minutes.'
              : 'The service cannot be reached from here. Check your connection, or try again in a few minutes.'}
          </p>
        )}
        {status.data ? (
          <p className="mt-3 text-sm text-muted">
            {status.data.version ? `Version ${status.data.version}. ` : ''}Checked at{' '}
            {formatClockTime(status.data.checkedAt.toISOString())}.
          </p>
        ) : null}
      </div>
      <Button
        variant="secondary"
        className="mt-6"
        loading={status.isFetching}
        onClick={() => status.refetch()}
      >
        Check again
      </Button>
    </Page>
  );
}
