import type { LandscapeTransit } from '@app/contracts/landscape.ts';
import { daySpan } from '../lib/day-span.ts';
import { formatMoment } from '../lib/format-moment.ts';

const clamp = (fraction: number) => Math.min(Math.max(fraction, 0), 1);
const pct = (fraction: number) => `${(clamp(fraction) * 100).toFixed(2)}%`;

/** The sentence the bar draws: when the transit comes into orb, perfects and leaves. */
export function timeBarText(transit: LandscapeTransit, zone: string): string {
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
      <div aria-hidden="true" className="relative h-3 rounded-full bg-surface-2" data-testid="time-bar">
        <div
          className="absolute inset-y-0 rounded-full bg-accent-soft"
          style={{ left: pct(orbFrom), width: pct(orbTo - orbFrom) }}
        />
        <div
          className="absolute -inset-y-1 rounded border-2 border-accent"
          style={{ left: pct(dayLeft), width: pct(dayWidth) }}
          title="Today"
        />
        {span.exact !== null ? (
          <div
            className="absolute -inset-y-1.5 w-0.5 -translate-x-1/2 rounded bg-fg"
            style={{ left: pct(span.exact) }}
          />
        ) : null}
      </div>
      <p className="mt-2 text-xs text-muted">{timeBarText(transit, zone)}</p>
    </div>
  );
}
