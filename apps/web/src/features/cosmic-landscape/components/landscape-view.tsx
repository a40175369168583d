import type { Landscape } from '@app/contracts/landscape.ts';
import type { ReactNode, Ref } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { formatCalendarDate } from '../../../lib/format-date.ts';
import { MoonToday, SkyEvents } from './moon-and-sky.tsx';
import { MoonTransitList, TransitList } from './transit-list.tsx';

export function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h3 id={id} className="mb-4 text-xl font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** One day's landscape: headline, summary, the Moon, the transits and the sky's events. */
export function LandscapeView({
  landscape,
  isToday,
  headingRef,
}: {
  landscape: Landscape;
  isToday: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
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
      <p className="mt-4 text-base leading-relaxed">{landscape.summary}</p>
      {landscape.note ? (
        <Alert className="mt-4" title="Birth time unknown">
          {landscape.note}
        </Alert>
      ) : null}

      <Section id="moon-today" title={isToday ? 'The Moon today' : 'The Moon that day'}>
        <MoonToday landscape={landscape} />
      </Section>
      <Section id="transits" title={`Transits ${day}`}>
        <TransitList transits={landscape.transits} date={landscape.date} zone={landscape.zone} />
      </Section>
      <Section id="moon-transits" title="The Moon's transits">
        <MoonTransitList transits={landscape.moonTransits} zone={landscape.zone} />
      </Section>
      <Section id="sky-events" title="Stations, retrogrades and ingresses">
        <SkyEvents landscape={landscape} />
      </Section>
    </article>
  );
}
