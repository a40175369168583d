import type { Landscape } from '@app/contracts/landscape.ts';
import type { ReactNode, Ref } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { formatCalendarDate } from '../../../lib/format-date.ts';
import { CollapsibleSection } from './disclosure.tsx';
import { MoonToday, SkyEvents } from './moon-and-sky.tsx';
import { MoonTransitList, TransitList } from './transit-list.tsx';

/**
 * One day's landscape, the reading first: the headline, the actions on the day (under it, in
 * reach without scrolling), the summary, then the Moon, the transits and the sky's events in
 * sections that fold away (the Moon and the transits open).
 */
export function LandscapeView({
  landscape,
  isToday,
  headingRef,
  actions,
}: {
  landscape: Landscape;
  isToday: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
  actions?: ReactNode;
}) {
  const day = isToday ? 'today' : 'that day';
  return (
    <article aria-labelledby="landscape-headline">
      <p className="text-sm font-medium text-muted">
        {isToday ? 'Today, ' : ''}
        {formatCalendarDate(landscape.date)} · {landscape.zone.replace(/_/g, ' ')}
      </p>
      <h2
        id="landscape-headline"
        ref={headingRef}
        tabIndex={-1}
        className="mt-1 text-2xl font-semibold leading-tight outline-none sm:text-3xl"
      >
        {landscape.headline}
      </h2>
      {actions}
      {/* The summary's paragraphs: the day's threads and the Moon, then a practical close. */}
      {landscape.summary.split(/\n\n+/).map((paragraph) => (
        <p key={paragraph} className="mt-4 text-base leading-relaxed">
          {paragraph}
        </p>
      ))}
      {landscape.note ? (
        <Alert className="mt-4" title="Birth time unknown">
          {landscape.note}
        </Alert>
      ) : null}

      <div className="mt-6">
        <CollapsibleSection
          id="moon-today"
          title={isToday ? 'The Moon today' : 'The Moon that day'}
          defaultOpen
        >
          <MoonToday landscape={landscape} />
        </CollapsibleSection>
        <CollapsibleSection id="transits" title={`Transits ${day}`} defaultOpen>
          <TransitList
            transits={landscape.transits}
            date={landscape.date}
            zone={landscape.zone}
            isToday={isToday}
          />
        </CollapsibleSection>
        <CollapsibleSection id="moon-transits" title="The Moon's transits">
          <MoonTransitList transits={landscape.moonTransits} zone={landscape.zone} />
        </CollapsibleSection>
        <CollapsibleSection id="sky-events" title="Stations, retrogrades and ingresses">
          <SkyEvents landscape={landscape} />
        </CollapsibleSection>
      </div>
    </article>
  );
}
