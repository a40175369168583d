// The reading of a natal chart, in sections: the big three, the chart's emphasis (elements,
// modalities, houses, the Moon phase at birth), each planet in its sign and house, the tightest
// aspects and the chart ruler. Every text is a library entry; this file only chooses which
// entries the chart calls for. Without a birth time nothing rests on houses or angles.
import type { ChartReading, ChartReadingEntry, NatalChart } from '@app/contracts/chart.ts';
import { BODIES, HOUSES, ordinal, SIGNS } from './knowledge.ts';
import { ASPECT_KEYS, natalAspectKeys, PLANETS, pointKey } from './library/catalogue.ts';
import { type AspectReading, entryAt, library, type Reading } from './library/library.ts';

/** Aspects read: the tightest this many of the five major ones. */
const TIGHTEST = 8;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const keyOf = pointKey;
const nameOf = (id: string) => capitalise((BODIES[id]?.name ?? id).replace(/^(the|your) /, ''));
const signName = (sign: string) => SIGNS[sign]?.name ?? sign;
const textOf = (r: Reading | undefined, ...extra: (string | undefined)[]) =>
  r ? [r.about, r.feel, r.do, ...extra].filter(Boolean).join(' ') : undefined;

function entry(id: string, title: string, text: string | undefined): ChartReadingEntry[] {
  return text ? [{ id, title, text }] : [];
}

function orbText(orb: number): string {
  const minutes = Math.round(Math.abs(orb) * 60);
  return `${Math.floor(minutes / 60)}°${String(minutes % 60).padStart(2, '0')}′`;
}

export function readChart(chart: NatalChart): ChartReading {
  const files = library();
  const known = chart.timeKnown && chart.angles !== null;
  const bodies = chart.bodies.filter((b) => b.id !== 'meanNode' && keyOf(b.id));
  const body = (id: string) => bodies.find((b) => b.id === id);
  const signReading = (id: string, sign: string) => entryAt<Reading>(files, `natal/signs/${keyOf(id)}`, sign);
  const houseReading = (id: string, house: number | null) =>
    known && house ? entryAt<Reading>(files, `natal/houses/${keyOf(id)}`, String(house)) : undefined;

  const bigThree: ChartReadingEntry[] = [];
  for (const id of ['sun', 'moon']) {
    const b = body(id);
    if (b)
      bigThree.push(
        ...entry(`sign-${id}`, `${nameOf(id)} in ${signName(b.sign)}`, textOf(signReading(id, b.sign))),
      );
  }
  if (known && chart.angles) {
    const sign = chart.angles.ascendant.sign;
    bigThree.push(
      ...entry('sign-ascendant', `Ascendant in ${signName(sign)}`, textOf(signReading('ascendant', sign))),
    );
  }

  const emphasis: ChartReadingEntry[] = [];
  const balance = (group: 'elements' | 'modalities', counts: Record<string, number>, strongAt: number) => {
    const sorted = Object.entries(counts).sort((a, b) => b[1] - a[1]);
    const [top, topCount] = sorted[0]!;
    const [low, lowCount] = sorted.at(-1)!;
    if (topCount >= strongAt)
      emphasis.push(
        ...entry(
          `${group}-${top}-strong`,
          `Strong ${top} (${topCount} of 10 planets)`,
          textOf(entryAt<Reading>(files, 'natal/balance', group, top, 'strong')),
        ),
      );
    if (lowCount <= 1)
      emphasis.push(
        ...entry(
          `${group}-${low}-weak`,
          `Little ${low} (${lowCount} of 10 planets)`,
          textOf(entryAt<Reading>(files, 'natal/balance', group, low, 'weak')),
        ),
      );
  };
  balance('elements', chart.elements, 4);
  balance('modalities', chart.modalities, 5);
  if (chart.moonPhase) {
    const phase = chart.moonPhase.name;
    emphasis.push(
      ...entry(
        'moon-phase',
        `Born at the ${phase.replace(/-/g, ' ')} Moon`,
        textOf(entryAt<Reading>(files, 'natal/moon-phase', phase)),
      ),
    );
  }
  if (known) {
    const occupied = new Map<number, string[]>();
    for (const b of bodies.filter((b) => PLANETS.includes(b.id) && b.house))
      occupied.set(b.house!, [...(occupied.get(b.house!) ?? []), nameOf(b.id)]);
    for (const [house, names] of [...occupied].filter(([, n]) => n.length >= 3)) {
      const list = `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
      emphasis.push({
        id: `house-${house}-full`,
        title: `${names.length} planets in the ${ordinal(house)} house`,
        text: `${list} gather in your ${ordinal(house)} house, the area of ${HOUSES[house - 1]}: much of your life's energy is spent here, and it is where you most often grow.`,
      });
    }
    for (let house = 1; house <= 12; house++) {
      if (occupied.has(house)) continue;
      emphasis.push(
        ...entry(
          `house-${house}-empty`,
          `No planet in the ${ordinal(house)} house`,
          textOf(entryAt<Reading>(files, 'natal/empty-house', String(house))),
        ),
      );
    }
  }

  const placements: ChartReadingEntry[] = [];
  for (const b of bodies) {
    const house = known ? b.house : null;
    const where = house ? `${signName(b.sign)}, ${ordinal(house)} house` : signName(b.sign);
    const inBigThree = b.id === 'sun' || b.id === 'moon';
    const retrograde = b.retrograde ? entryAt<Reading>(files, 'natal/retrograde', b.id) : undefined;
    const text = [
      inBigThree ? undefined : textOf(signReading(b.id, b.sign)),
      textOf(houseReading(b.id, house)),
      textOf(retrograde),
    ]
      .filter(Boolean)
      .join(' ');
    if (text)
      placements.push({
        id: `placement-${b.id}`,
        title: `${nameOf(b.id)}${b.retrograde && retrograde ? ' retrograde' : ''} in ${where}`,
        text,
      });
  }
  if (known && chart.angles) {
    const sign = chart.angles.midheaven.sign;
    placements.push(
      ...entry(
        'placement-midheaven',
        `Midheaven in ${signName(sign)}`,
        textOf(signReading('midheaven', sign)),
      ),
    );
  }

  const aspects = chart.aspects
    .filter(
      (a) =>
        (ASPECT_KEYS as readonly string[]).includes(a.kind) &&
        keyOf(a.a) &&
        keyOf(a.b) &&
        a.a !== 'meanNode' &&
        a.b !== 'meanNode',
    )
    .filter(
      (a) =>
        known || (!['ascendant', 'midheaven'].includes(a.a) && !['ascendant', 'midheaven'].includes(a.b)),
    )
    .sort((x, y) => Math.abs(x.deviation) - Math.abs(y.deviation))
    .slice(0, TIGHTEST)
    .flatMap((a) => {
      const keys = natalAspectKeys(a.a, a.b)!;
      const [first, second] = keyOf(a.a) === keys[0] ? [a.a, a.b] : [a.b, a.a];
      const reading = entryAt<AspectReading>(files, `natal/aspects/${keys[0]}`, keys[1], a.kind);
      const tight = Math.abs(a.deviation) < 1 ? reading?.tight : undefined;
      return entry(
        `aspect-${first}-${second}-${a.kind}`,
        `${nameOf(first)} ${a.kind} ${nameOf(second)} (orb ${orbText(a.deviation)})`,
        textOf(reading, tight),
      );
    });

  const ruler: ChartReadingEntry[] = [];
  if (known && chart.angles && chart.chartRuler) {
    const rising = chart.angles.ascendant.sign;
    const planet = body(chart.chartRuler.modern);
    const where = planet
      ? ` ${nameOf(planet.id)} sits in ${signName(planet.sign)}${planet.house ? `, in your ${ordinal(planet.house)} house` : ''}: read its placement above as the thread the whole chart follows.`
      : '';
    ruler.push(
      ...entry(
        'ruler',
        `${nameOf(chart.chartRuler.modern)} rules your chart`,
        textOf(entryAt<Reading>(files, 'natal/chart-ruler', rising), where.trim() || undefined),
      ),
    );
  }

  const sections = [
    { id: 'big-three', title: 'The big three', entries: bigThree },
    { id: 'emphasis', title: "Your chart's emphasis", entries: emphasis },
    { id: 'placements', title: 'Planets in signs and houses', entries: placements },
    { id: 'aspects', title: 'The tightest aspects', entries: aspects },
    { id: 'ruler', title: 'Your chart ruler', entries: ruler },
  ].filter((s) => s.entries.length > 0);
  return {
    sections,
    note: known
      ? null
      : 'Your birth time is not known, so this reading leaves out the Ascendant, the Midheaven, the houses and the chart ruler: they depend on the exact minute of birth.',
  };
}
