import type { NatalChart } from '@app/contracts/chart.ts';

/** How far the Moon may stand from where the chart shows it, when the birth time is unknown. */
export interface MoonRange {
  /** Whole degrees either side, rounded up: half a day of the Moon's motion (12 to 15° a day). */
  degrees: number;
  /** The Moon's motion that day, degrees. */
  perDay: number;
  /** The ecliptic longitudes the Moon may have had, from the earliest to the latest time of the day. */
  from: number;
  to: number;
}

const norm360 = (longitude: number) => ((longitude % 360) + 360) % 360;

/**
 * Without a birth time the chart is drawn for noon, and the Moon moves fast: it may have been up
 * to half a day's motion either side. Null when the time is known (or there is no Moon).
 */
export function moonRange(chart: Pick<NatalChart, 'timeKnown' | 'bodies'>): MoonRange | null {
  const moon = chart.bodies.find((body) => body.id === 'moon');
  if (chart.timeKnown || !moon) return null;
  const perDay = Math.abs(moon.speed);
  const degrees = Math.max(1, Math.ceil(perDay / 2));
  return { degrees, perDay, from: norm360(moon.longitude - degrees), to: norm360(moon.longitude + degrees) };
}
