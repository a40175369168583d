import type { LandscapeTransit } from '@app/contracts/landscape.ts';
import { useId } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { formatMoment } from '../../../lib/format-date.ts';
import { daySpan } from '../lib/day-span.ts';

// The bar's three marks, shared with the legend so the two always look alike.
const TRACK = 'rounded-full bg-surface-2';
const ORB = 'rounded-full bg-accent-soft';
const TODAY = 'rounded border-2 border-accent';
const EXACT = 'rounded bg-fg';

const clamp = (fraction: number) => Math.min(Math.max(fraction, 0), 1);
const pct = (fraction: number) => `${(clamp(fraction) * 100).toFixed(2)}%`;

/** The sentence the bar draws: when the transit comes into orb, perfects and leaves. */
function timeBarText(transit: LandscapeTransit, zone: string): string {
  const parts = [
    transit.enters
      ? `in orb from ${formatMoment(transit.enters, zone)}`
      : 'in orb from before the span shown',
    transit.exactAt ? `exact ${formatMoment(transit.exactAt, zone)}` : 'not exact within the span shown',
    transit.leaves ? `leaves orb ${formatMoment(transit.leaves, zone)}` : 'leaves orb after the span shown',
  ];
  const sentence = parts.join(', ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

/**
 * The transit's orb span as a bar with today marked on it and a tick at the exact moment.
 * The picture is hidden from screen readers; the sentence under it says the same.
 */
export function TimeBar({ transit, date, zone }: { transit: LandscapeTransit; date: string; zone: string }) {
  const span = daySpan(transit, date, zone);
  const orbFrom = span.enters ?? 0;
  const orbTo = span.leaves ?? 1;
  // Today stays inside the bar even when the orb span is long and the day a sliver of it.
  const dayLeft = Math.min(clamp(span.dayStart), 0.98);
  const dayWidth = Math.max(clamp(span.dayEnd) - dayLeft, 0.02);
  return (
    <div className="mt-3">
      <div aria-hidden="true" className={cn('relative h-3', TRACK)} data-testid="time-bar">
        <div
          className={cn('absolute inset-y-0', ORB)}
          style={{ left: pct(orbFrom), width: pct(orbTo - orbFrom) }}
        />
        <div
          className={cn('absolute -inset-y-1', TODAY)}
          style={{ left: pct(dayLeft), width: pct(dayWidth) }}
          title="Today"
        />
        {span.exact !== null ? (
          <div
            className={cn('absolute -inset-y-1.5 w-0.5 -translate-x-1/2', EXACT)}
            style={{ left: pct(span.exact) }}
          />
        ) : null}
      </div>
      <p className="mt-2 text-xs text-muted">{timeBarText(transit, zone)}</p>
    </div>
  );
}

/** What the timing bars' marks mean: shown once above the bars, read as a list by screen readers. */
export function TimeBarLegend({ isToday }: { isToday: boolean }) {
  const titleId = useId();
  return (
    <div className="mb-4 text-xs">
      <p id={titleId} className="font-medium">
        How to read the timing bars
      </p>
      <ul aria-labelledby={titleId} className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-muted">
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className={cn('relative inline-block h-3 w-8 shrink-0', TRACK)}>
            <span className={cn('absolute inset-y-0 right-1 left-1', ORB)} />
          </span>
          Shaded: while the transit is in orb, from entering to leaving it
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className={cn('inline-block h-4 w-3 shrink-0', TODAY)} />
          Outlined: {isToday ? 'today' : 'that day'}
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className={cn('inline-block h-4 w-0.5 shrink-0', EXACT)} />
          Line: the moment it is exact
        </li>
      </ul>
    </div>
  );
}
