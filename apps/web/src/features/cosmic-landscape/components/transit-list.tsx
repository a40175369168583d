import type { LandscapeTransit } from '@app/contracts/landscape.ts';
import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { formatClockTime } from '../../../lib/format-date.ts';
import { Disclosure } from './disclosure.tsx';
import { TimeBar, TimeBarLegend } from './time-bar.tsx';

/** The chat route with a transit's starter ready to send. */
function chatLink(starter: string): string {
  return `/chat?prompt=${encodeURIComponent(starter)}`;
}

function orbText(orb: number): string {
  const minutes = Math.round(Math.abs(orb) * 60);
  return `${Math.floor(minutes / 60)}°${String(minutes % 60).padStart(2, '0')}′`;
}

/**
 * The day's ranked transits, heaviest first: each folds open to its reading, time bar and chat
 * link (the heaviest is open), under one legend of the time bars.
 */
export function TransitList({
  transits,
  date,
  zone,
  isToday,
}: {
  transits: LandscapeTransit[];
  date: string;
  zone: string;
  isToday: boolean;
}) {
  if (transits.length === 0)
    return <p className="text-muted">No slow transits to your chart {isToday ? 'today' : 'that day'}.</p>;
  return (
    <>
      <TimeBarLegend isToday={isToday} />
      <ol className="flex flex-col gap-3">
        {transits.map((transit, rank) => (
          <li
            key={`${transit.body}-${transit.aspect}-${transit.natalPoint}`}
            className="rounded-2xl border border-line bg-surface px-4 py-2 sm:px-5"
          >
            <Disclosure
              title={transit.title}
              level={4}
              defaultOpen={rank === 0}
              headingClassName="text-base font-semibold sm:text-lg"
              below={
                <p className="text-xs font-medium uppercase tracking-wide text-muted">
                  {transit.applying ? 'Applying' : 'Separating'} · orb {orbText(transit.orb)}
                </p>
              }
            >
              <div className="pb-3">
                {transit.text ? <p className="mt-3 leading-relaxed">{transit.text}</p> : null}
                <TimeBar transit={transit} date={date} zone={zone} />
                <Link to={chatLink(transit.starter)} className={buttonClasses('secondary', 'sm', 'mt-4')}>
                  <MessageCircle aria-hidden="true" className="size-4" />
                  Ask about this<span className="sr-only">: {transit.title}</span>
                </Link>
              </div>
            </Disclosure>
          </li>
        ))}
      </ol>
    </>
  );
}

/** The Moon's transits: they last hours, so only the exact time is given, with each one's reading. */
export function MoonTransitList({ transits, zone }: { transits: LandscapeTransit[]; zone: string }) {
  if (transits.length === 0)
    return <p className="text-muted">The Moon makes no exact aspects to your chart today.</p>;
  return (
    <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
      {transits.map((transit) => (
        <li
          key={`${transit.aspect}-${transit.natalPoint}-${transit.exactAt}`}
          className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3"
        >
          <span className="font-medium">{transit.title}</span>
          <span className="text-sm text-muted">
            {transit.exactAt ? `exact at ${formatClockTime(transit.exactAt, zone)}` : 'not exact today'}
          </span>
          {transit.text ? <p className="w-full leading-relaxed">{transit.text}</p> : null}
        </li>
      ))}
    </ul>
  );
}
