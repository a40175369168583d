import { describe, expect, it } from 'vitest';
import { computeNatalChart } from '../src/chart/natal-chart.ts';
import { dayTransitsOf } from '../src/transits/day-transits.ts';
import {
  bodyOverWindow,
  moonAt,
  nextIngress,
  nextStation,
  previousStation,
} from '../src/transits/sky-ahead.ts';
import { skyAt } from '../src/transits/sky-at.ts';
import { jdOf } from '../src/transits/sky-sampling.ts';
import { natalPoints, searchTransit } from '../src/transits/transits.ts';

// The sky ahead, as the assistant reads it: stations, ingresses and one body's transits over a
// window, each agreeing with the library's own searches.

const chart = computeNatalChart({
  moment: { utc: '1990-04-21T12:30:00Z' },
  latitude: 59.91,
  longitude: 10.75,
  options: { timeKnown: true },
});
const minutes = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 60_000;

describe('the sky ahead', () => {
  it('finds the same station looking forward from before it and back from after it', () => {
    const next = nextStation('mercury', '2026-11-27T00:00:00Z')!;
    expect(next.turns).toBe('retrograde');
    const back = previousStation('mercury', new Date(Date.parse(next.at) + 3 * 86_400_000).toISOString())!;
    expect(back).toEqual(next);
    // Mercury turns again within about three weeks: the station after is a direct one.
    const after = nextStation('mercury', new Date(Date.parse(next.at) + 86_400_000).toISOString())!;
    expect(after.turns).toBe('direct');
    expect(Date.parse(after.at) - Date.parse(next.at)).toBeLessThan(26 * 86_400_000);
  });

  it('says none when no station falls within the days searched', () => {
    expect(nextStation('mercury', '2026-11-27T00:00:00Z', 1)).toBeNull();
  });

  it('names the sign a body enters and when: another sign an hour before, that one an hour after', () => {
    const ingress = nextIngress('venus', '2026-11-27T00:00:00Z')!;
    const at = (ms: number) =>
      skyAt(new Date(Date.parse(ingress.at) + ms).toISOString()).find((b) => b.body === 'venus')!.sign;
    expect(at(3_600_000)).toBe(ingress.sign);
    expect(at(-3_600_000)).not.toBe(ingress.sign);
    expect(moonAt(ingress.at).phase).toMatch(/gibbous|full|quarter|crescent|new/);
  });

  it("finds each of a body's transits over a window at the instants the full search finds them", () => {
    const window = bodyOverWindow(chart, 'saturn', '2026-11-27T00:00:00Z', '2027-11-27T00:00:00Z');
    expect(window.transits.length).toBeGreaterThan(0);
    for (const t of window.transits) {
      const point = natalPoints(chart).find((p) => p.id === t.point)!;
      const full = searchTransit({
        body: 'saturn',
        point,
        kind: t.kind,
        from: { utc: '2026-11-20T00:00:00Z' },
        to: { utc: '2027-12-05T00:00:00Z' },
      });
      const exact = full.flatMap((w) => w.exact.map((e) => e.utc));
      for (const e of t.exact)
        expect(Math.min(...exact.map((x) => minutes(x, e))), `${t.kind} ${t.point}`).toBeLessThanOrEqual(1);
    }
    // Saturn's path through the natal houses starts where it stands today.
    expect(window.houses[0]?.from).toBe('2026-11-27T00:00:00.000Z');
  });

  it("agrees with the day's transits on a day inside the window", () => {
    const start = jdOf('2026-12-01T00:00:00Z');
    const day = dayTransitsOf(chart, start, start + 1).filter((t) => t.body === 'mercury' && t.exactAt);
    const window = bodyOverWindow(chart, 'mercury', '2026-11-27T00:00:00Z', '2026-12-27T00:00:00Z');
    for (const t of day) {
      const same = window.transits.find((w) => w.point === t.point && w.kind === t.kind);
      expect(same, `${t.kind} ${t.point}`).toBeDefined();
      expect(Math.min(...same!.exact.map((e) => minutes(e, t.exactAt!)))).toBeLessThanOrEqual(1);
    }
  });
});
