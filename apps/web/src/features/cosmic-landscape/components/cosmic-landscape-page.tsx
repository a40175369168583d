import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { UpgradeCard } from '../../../components/ui/upgrade-card.tsx';
import { getErrorCode, getErrorMessage } from '../../../lib/error-messages.ts';
import { useCosmicLandscape } from '../hooks/use-cosmic-landscape.ts';
import { landscapeError } from '../lib/landscape-error.ts';
import { CalendarSubscribe } from './calendar-subscribe.tsx';
import { HistoryList } from './history-list.tsx';
import { LandscapeSkeleton } from './landscape-skeleton.tsx';
import { LandscapeView } from './landscape-view.tsx';
import { LandscapeWheel } from './landscape-wheel.tsx';
import { LocationSetting } from './location-setting.tsx';
import { RegenerateControl } from './regenerate-control.tsx';

function SideCard({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={id}>
        <h2 id={id} className="mb-3 text-lg font-semibold">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** An indeterminate bar while a reading is being composed. */
function Composing({ label }: { label: string }) {
  return (
    <div role="progressbar" aria-label={label} className="mb-4 h-1 overflow-hidden rounded-full bg-surface-2">
      <div className="h-full w-1/3 animate-pulse rounded-full bg-accent" />
    </div>
  );
}

export default function CosmicLandscapePage() {
  const { dashboard, landscape, status, history, statusError, historyError, generate, regenerate } =
    useCosmicLandscape();
  const [selected, setSelected] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusPending = useRef(false);

  const shown = selected ? (history.find((day) => day.date === selected) ?? landscape) : landscape;
  const isToday = !shown || shown.date === landscape?.date;
  const newDay = status && landscape && !status.exists && status.date !== landscape.date;
  const busy = generate.isPending || regenerate.isPending;

  // Choosing a day moves focus to its headline, so a screen reader starts reading there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the day shown changes
  useEffect(() => {
    if (focusPending.current) headingRef.current?.focus();
    focusPending.current = false;
  }, [shown?.date]);

  const choose = (date: string) => {
    focusPending.current = true;
    setSelected(date === landscape?.date ? null : date);
  };

  const onRegenerate = () => {
    setAnnouncement('');
    setSelected(null);
    regenerate.mutate(undefined, {
      onSuccess: () => setAnnouncement('A new reading of today is ready.'),
    });
  };

  if (getErrorCode(dashboard.error) === 'PLAN_UPGRADE_REQUIRED')
    return (
      <Page title="Cosmic landscape" width="wide" lead="Today's sky, read against your birth chart.">
        <UpgradeCard
          title="Your daily cosmic landscape comes with a full plan"
          message={getErrorMessage(dashboard.error)}
        />
      </Page>
    );

  return (
    <Page title="Cosmic landscape" width="wide" lead="Today's sky, read against your birth chart.">
      {dashboard.isError && !landscape ? (
        <Alert tone="error" title={landscapeError(dashboard.error, 'dashboard')}>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => dashboard.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {newDay ? (
        <Alert className="mb-6" title="A new day has begun">
          <Button size="sm" className="mt-2" loading={generate.isPending} onClick={() => generate.mutate()}>
            Show today's landscape
          </Button>
        </Alert>
      ) : null}
      {generate.isError ? (
        <Alert tone="error" className="mb-6">
          {landscapeError(generate.error, 'generate')}
        </Alert>
      ) : null}

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div aria-busy={busy || undefined}>
          {busy ? (
            <Composing
              label={generate.isPending ? "Building today's landscape" : 'Composing a new reading'}
            />
          ) : null}
          {shown ? (
            <>
              {!isToday ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="mb-3 -ml-3"
                  onClick={() => choose(landscape!.date)}
                >
                  ← Back to today
                </Button>
              ) : null}
              <div className={busy ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
                <LandscapeView landscape={shown} isToday={isToday} headingRef={headingRef} />
              </div>
            </>
          ) : dashboard.isPending ? (
            <LandscapeSkeleton />
          ) : null}
        </div>

        <aside className="flex flex-col gap-6" aria-label="Your landscape tools">
          <SideCard id="regenerate-heading" title="Another reading">
            <RegenerateControl
              status={status}
              statusError={statusError ? landscapeError(statusError, 'status') : null}
              pending={regenerate.isPending}
              onRegenerate={onRegenerate}
            />
            <p role="status" aria-live="polite" className="mt-2 text-sm">
              {announcement}
            </p>
            {regenerate.isError ? (
              <Alert tone="error" className="mt-2">
                {landscapeError(regenerate.error, 'regenerate')}
              </Alert>
            ) : null}
          </SideCard>
          <SideCard id="history-heading" title="History">
            <HistoryList days={history} today={landscape?.date} selected={shown?.date} onSelect={choose} />
            {historyError ? (
              <p className="mt-2 text-sm text-danger">{landscapeError(historyError, 'history')}</p>
            ) : null}
          </SideCard>
        </aside>
      </div>

      <div className="mt-10 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <SideCard
          id="wheel-heading"
          title={isToday ? 'Your chart and today’s sky' : 'Your chart and that day’s sky'}
        >
          {shown ? (
            <LandscapeWheel landscape={shown} isToday={isToday} />
          ) : (
            <div className="mx-auto aspect-square w-full max-w-[34rem] animate-pulse rounded-full bg-surface-2" />
          )}
        </SideCard>
        <div className="flex flex-col gap-6">
          <SideCard id="location-heading" title="Current location">
            <LocationSetting />
          </SideCard>
          <SideCard id="calendar-heading" title="Transits in your calendar">
            <CalendarSubscribe />
          </SideCard>
        </div>
      </div>
    </Page>
  );
}
