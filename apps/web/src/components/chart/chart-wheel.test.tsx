import type { BodyName, NatalChart } from '@app/contracts/chart.ts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakePosition } from '../../testing/fakes.ts';
import { ChartWheel, WHEEL_BODIES, WHEEL_LABEL_GAP, wheelSummary, zodiacPosition } from './chart-wheel.tsx';
import { circularDistance } from './spread-labels.ts';

const at = fakePosition;

// A stellium: six bodies within four degrees either side of 0° Aries, the rest spread out.
const LONGITUDES: Record<BodyName, number> = {
  sun: 358.25,
  moon: 359.1,
  mercury: 0.4,
  venus: 1.2,
  mars: 2.5,
  jupiter: 357,
  saturn: 120,
  uranus: 200,
  neptune: 230,
  pluto: 250,
  meanNode: 80,
  trueNode: 80.5,
  lilith: 300,
};

function chart(timeKnown: boolean): NatalChart {
  const cusps = Array.from({ length: 12 }, (_, i) => ({ house: i + 1, ...at((15 + i * 30) % 360) }));
  return {
    houseSystem: { requested: 'P', used: 'P' },
    zodiac: { id: 'tropical', ayanamsa: null },
    timeKnown,
    moment: { utc: '', localTime: '', timeZone: 'UTC', utcOffsetSeconds: 0, zoneAbbreviation: 'UTC' },
    place: { city: 'X', country: 'Y', latitude: 0, longitude: 0 },
    bodies: (Object.keys(LONGITUDES) as BodyName[]).map((id) => ({
      id,
      ...at(LONGITUDES[id]),
      latitude: 0,
      speed: id === 'saturn' ? -0.05 : 1,
      retrograde: id === 'saturn',
      house: timeKnown ? 1 : null,
      dignities: [],
    })),
    angles: timeKnown
      ? { ascendant: at(15), midheaven: at(285), descendant: at(195), imumCoeli: at(105), vertex: at(200) }
      : null,
    cusps: timeKnown ? cusps : null,
    aspects: [
      {
        a: 'sun',
        b: 'saturn',
        kind: 'trine',
        angle: 120,
        deviation: 1.8,
        orb: 9,
        exactness: 0.8,
        motion: 'applying',
      },
      {
        a: 'sun',
        b: 'moon',
        kind: 'conjunction',
        angle: 0,
        deviation: 0.9,
        orb: 10,
        exactness: 0.9,
        motion: 'applying',
      },
      {
        a: 'mars',
        b: 'ascendant',
        kind: 'semiSextile',
        angle: 30,
        deviation: 2.5,
        orb: 3,
        exactness: 0.1,
        motion: 'separating',
      },
    ],
    elements: { fire: 5, earth: 1, air: 2, water: 2 },
    modalities: { cardinal: 6, fixed: 2, mutable: 2 },
    chartRuler: timeKnown ? { modern: 'mars', traditional: 'mars' } : null,
    moonPhase: { name: 'new', illumination: 0, elongation: 1, waxing: true },
    notes: [],
  };
}

describe('ChartWheel', () => {
  afterEach(cleanup);

  it('spreads the stellium so no two body labels are closer than the gap', () => {
    const { container } = render(<ChartWheel chart={chart(true)} />);
    const groups = [...container.querySelectorAll('[data-body]')];
    expect(groups.map((g) => g.getAttribute('data-body'))).toEqual([...WHEEL_BODIES]);
    const angles = groups.map((g) => Number(g.getAttribute('data-display-angle')));
    for (let i = 0; i < angles.length; i++) {
      for (let j = i + 1; j < angles.length; j++) {
        expect(circularDistance(angles[i]!, angles[j]!)).toBeGreaterThanOrEqual(WHEEL_LABEL_GAP - 0.02);
      }
    }
    // Bodies far from the cluster stay where they are.
    expect(angles[WHEEL_BODIES.indexOf('uranus')]).toBe(200);
  });

  it('draws twelve cusps, AC and MC, non-conjunction aspects coloured by kind, and a summary', () => {
    const { container } = render(<ChartWheel chart={chart(true)} />);
    expect(container.querySelectorAll('[data-cusp]')).toHaveLength(12);
    expect(screen.getByText('AC')).toBeTruthy();
    expect(screen.getByText('MC')).toBeTruthy();
    const lines = [...container.querySelectorAll('[data-testid="aspect-lines"] line')];
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => l.getAttribute('stroke'))).toEqual(['#16a34a', '#d97706']);
    expect(lines[1]?.getAttribute('stroke-dasharray')).toBe('3 2');
    const img = screen.getByRole('img');
    expect(img.getAttribute('aria-labelledby')).toBeTruthy();
    expect(wheelSummary(chart(true))).toMatch(
      /^Natal chart wheel\. Ascendant 15°00′ Aries, Midheaven 15°00′ Capricorn\. Sun 28°15′ Pisces, house 1;/,
    );
  });

  it('without a birth time: no cusps or angles, and the summary says why', () => {
    const { container } = render(<ChartWheel chart={chart(false)} />);
    expect(container.querySelectorAll('[data-cusp]')).toHaveLength(0);
    expect(screen.queryByText('AC')).toBeNull();
    expect(wheelSummary(chart(false))).toMatch(/birth time is unknown/);
    // The aspect to the Ascendant has nothing to attach to.
    expect(container.querySelectorAll('[data-testid="aspect-lines"] line')).toHaveLength(1);
  });

  it('draws another sky around the chart (a bi-wheel), its glyphs spread apart and described', () => {
    const sky = [
      { body: 'sun', longitude: 242.5, retrograde: false },
      { body: 'moon', longitude: 243, retrograde: false },
      { body: 'saturn', longitude: 355.25, retrograde: true },
      { body: 'meanNode', longitude: 10, retrograde: true },
    ];
    const { container } = render(<ChartWheel chart={chart(true)} sky={sky} />);
    const ring = container.querySelectorAll('[data-sky-body]');
    expect([...ring].map((g) => g.getAttribute('data-sky-body'))).toEqual(['sun', 'moon', 'saturn']);
    expect(container.querySelector('svg')?.getAttribute('viewBox')).toBe('-48 -48 496 496');
    const title = screen.getByRole('img').querySelector('title')?.textContent ?? '';
    expect(title).toMatch(
      /Outer ring, today's sky: Sun 2°30′ Sagittarius; Moon 3°00′ Sagittarius; Saturn 25°15′ Pisces, retrograde\.$/,
    );
    // The Sun and Moon half a degree apart still get glyphs far enough apart to read.
    const [sun, moon] = [...ring].map((g) => g.querySelector('text')!);
    const dx = Number(sun!.getAttribute('x')) - Number(moon!.getAttribute('x'));
    const dy = Number(sun!.getAttribute('y')) - Number(moon!.getAttribute('y'));
    expect(Math.hypot(dx, dy)).toBeGreaterThan(30);
    expect(zodiacPosition(-0.5)).toMatchObject({ sign: 'pisces', degree: 29, minute: 30 });
  });

  it('without another sky the wheel is the natal chart alone', () => {
    const { container } = render(<ChartWheel chart={chart(true)} />);
    expect(container.querySelector('[data-testid="sky-ring"]')).toBeNull();
    expect(container.querySelector('svg')?.getAttribute('viewBox')).toBe('-23 -23 446 446');
  });

  it('keeps the AC and MC labels inside the picture with a margin, wherever the angles fall', () => {
    // A bold 12-unit capital is at most about 9 units wide and 12 high.
    const [halfWidth, halfHeight, margin] = [9, 6, 6];
    for (const ascendant of [0, 15, 100, 200, 300]) {
      for (const offset of [60, 90, 120]) {
        const angles = {
          ascendant: at(ascendant),
          midheaven: at((ascendant + 360 - offset) % 360),
          descendant: at((ascendant + 180) % 360),
          imumCoeli: at((ascendant + 180 - offset + 360) % 360),
          vertex: at(ascendant),
        };
        const { container, unmount } = render(<ChartWheel chart={{ ...chart(true), angles }} />);
        const [minX, minY, width, height] = container
          .querySelector('svg')!
          .getAttribute('viewBox')!
          .split(' ')
          .map(Number) as [number, number, number, number];
        for (const label of ['AC', 'MC']) {
          const text = screen.getByText(label);
          const x = Number(text.getAttribute('x'));
          const y = Number(text.getAttribute('y'));
          expect(x - halfWidth, `${label} at ${ascendant}`).toBeGreaterThanOrEqual(minX + margin);
          expect(x + halfWidth, `${label} at ${ascendant}`).toBeLessThanOrEqual(minX + width - margin);
          expect(y - halfHeight, `${label} at ${ascendant}`).toBeGreaterThanOrEqual(minY + margin);
          expect(y + halfHeight, `${label} at ${ascendant}`).toBeLessThanOrEqual(minY + height - margin);
        }
        unmount();
      }
    }
  });
});
