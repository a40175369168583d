import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { UpgradeCard } from '../../../components/ui/upgrade-card.tsx';
import { getErrorCode, getErrorMessage } from '../../../lib/error-messages.ts';
import { useCosmicLandscape } from '../hooks/use-cosmic-landscape.ts';
import { landscapeError } from '../lib/landscape-error.ts';
import { CalendarSubscribe } from './calendar-subscribe.tsx';
import { DayActions } from './day-actions.tsx';
import { CollapsibleSection } from './disclosure.tsx';
import { LandscapeSkeleton } from './landscape-skeleton.tsx';
import { LandscapeView } from './landscape-view.tsx';
import { LandscapeWheel } from './landscape-wheel.tsx';
import { LocationSetting } from './location-setting.tsx';

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
  // "No other reading" is said by the note beside the button (it stops being offered).
  const regenerateError =
    regenerate.isError && getErrorCode(regenerate.error) !== 'CONFLICT'
      ? landscapeError(regenerate.error, 'regenerate')
      : null;

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

      <div aria-busy={busy || undefined}>
        {busy ? (
          <Composing label={generate.isPending ? "Building today's landscape" : 'Composing a new reading'} />
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
              <LandscapeView
                landscape={shown}
                isToday={isToday}
                headingRef={headingRef}
                actions={
                  <DayActions
                    status={status}
                    statusError={statusError ? landscapeError(statusError, 'status') : null}
                    regenerating={regenerate.isPending}
                    regenerateError={regenerateError}
                    onRegenerate={onRegenerate}
                    announcement={announcement}
                    history={history}
                    historyError={historyError ? landscapeError(historyError, 'history') : null}
                    today={landscape?.date}
                    selected={shown.date}
                    onSelect={choose}
                  />
                }
              />
            </div>
          </>
        ) : dashboard.isPending ? (
          <LandscapeSkeleton />
        ) : null}
      </div>

      <div className="mt-8 grid gap-x-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <CollapsibleSection
          id="wheel-heading"
          level={2}
          title={isToday ? 'Your chart and today’s sky' : 'Your chart and that day’s sky'}
          defaultOpen
        >
          {shown ? (
            <LandscapeWheel landscape={shown} isToday={isToday} />
          ) : (
            <div className="mx-auto aspect-square w-full max-w-[34rem] animate-pulse rounded-full bg-surface-2" />
          )}
        </CollapsibleSection>
        <div>
          <CollapsibleSection id="location-heading" level={2} title="Current location">
            <LocationSetting />
          </CollapsibleSection>
          <CollapsibleSection id="calendar-heading" level={2} title="Transits in your calendar">
            <CalendarSubscribe />
          </CollapsibleSection>
        </div>
      </div>
    </Page>
  );
}
