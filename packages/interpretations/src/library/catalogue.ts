// What the interpretation library must hold: every kind of entry, the keys it is filed under and
// how many written variants each needs. The coverage table and the library check both read this,
// so a new kind of entry is declared once, here.

export const POINTS = [
  'sun',
  'moon',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
  'node',
  'lilith',
  'ascendant',
  'midheaven',
] as const;
export type PointKey = (typeof POINTS)[number];

/** The ten planets, the Sun to Pluto (the ones counted in a chart's balance). */
export const PLANETS: readonly string[] = POINTS.slice(0, 10);

/** The library's key for a chart point: both lunar nodes read as the North Node. */
export function pointKey(id: string): PointKey | undefined {
  const key = id === 'trueNode' || id === 'meanNode' ? 'node' : id;
  return (POINTS as readonly string[]).includes(key) ? (key as PointKey) : undefined;
}

/** Where the library files the natal aspect of two points: under the first in POINTS order. */
export function natalAspectKeys(a: string, b: string): [PointKey, PointKey] | undefined {
  const [ka, kb] = [pointKey(a), pointKey(b)];
  if (!ka || !kb) return undefined;
  return POINTS.indexOf(ka) <= POINTS.indexOf(kb) ? [ka, kb] : [kb, ka];
}

/** Points that sit in a house (the angles are house cusps themselves). */
export const HOUSED_POINTS = POINTS.filter((p) => p !== 'ascendant' && p !== 'midheaven');

export const SIGN_KEYS = [
  'aries',
  'taurus',
  'gemini',
  'cancer',
  'leo',
  'virgo',
  'libra',
  'scorpio',
  'sagittarius',
  'capricorn',
  'aquarius',
  'pisces',
] as const;

/** Each sign's element and modality, in zodiac order (fire, earth, air, water; cardinal, fixed, mutable). */
export const ELEMENT_OF: Record<string, string> = {};
export const MODALITY_OF: Record<string, string> = {};
SIGN_KEYS.forEach((sign, i) => {
  ELEMENT_OF[sign] = ['fire', 'earth', 'air', 'water'][i % 4]!;
  MODALITY_OF[sign] = ['cardinal', 'fixed', 'mutable'][i % 3]!;
});

export const ASPECT_KEYS = ['conjunction', 'sextile', 'square', 'trine', 'opposition'] as const;

export const HOUSE_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;

/** Bodies whose transits are read: the Sun to Pluto, the Moon and the North Node. */
export const TRANSITING = POINTS.slice(0, 11);

/** Planets slow enough that the house they move through colours months: Jupiter to Pluto. */
export const SLOW_PLANETS = POINTS.slice(5, 10);

/** Planets that station (turn retrograde or direct): Mercury to Pluto. */
export const STATIONING = POINTS.slice(2, 10);

export const RETURNS = ['solar', 'jupiter', 'saturn'] as const;

export const MOON_PHASE_KEYS = [
  'new',
  'waxing-crescent',
  'first-quarter',
  'waxing-gibbous',
  'full',
  'waning-gibbous',
  'last-quarter',
  'waning-crescent',
] as const;

export const ELEMENTS = ['fire', 'earth', 'air', 'water'] as const;
export const MODALITIES = ['cardinal', 'fixed', 'mutable'] as const;
export const BALANCE_SIDES = ['strong', 'weak'] as const;

/** Written variants needed: transit entries at least two, the Moon's at least three. */
export const MIN_VARIANTS = {
  transit: 2,
  moonTransit: 3,
  moonDay: 3,
  voidOfCourse: 6,
  synastry: 2,
  /** The Sun to Mars touch every point of a chart every year or two: their transits have three readings. */
  frequentTransit: 3,
} as const;

/** Bodies whose transits come round most often (see MIN_VARIANTS.frequentTransit). */
export const FREQUENT_TRANSITING = ['sun', 'mercury', 'venus', 'mars'] as const;

/** Every pair of points once, in the order of POINTS (the first of the pair files the entry). */
export function pointPairs(): [PointKey, PointKey][] {
  const pairs: [PointKey, PointKey][] = [];
  POINTS.forEach((a, i) => {
    for (const b of POINTS.slice(i + 1)) pairs.push([a, b]);
  });
  return pairs;
}

/**
 * Points compared between two charts: the ten planets, the North Node and the two angles. Lilith,
 * a calculated apogee rather than a body or an angle, is left to each natal chart.
 */
const SYNASTRY_POINTS = POINTS.filter((p) => p !== 'lilith');

/** Points read in the other person's houses: the planets and the North Node. */
export const SYNASTRY_HOUSED = SYNASTRY_POINTS.filter((p) => p !== 'ascendant' && p !== 'midheaven');

/**
 * Every pair of compared points once, a point with itself included (one's Sun to the other's Sun),
 * filed under the first of the pair in the order of POINTS.
 */
export function synastryPairs(): [PointKey, PointKey][] {
  const pairs: [PointKey, PointKey][] = [];
  SYNASTRY_POINTS.forEach((a, i) => {
    for (const b of SYNASTRY_POINTS.slice(i)) pairs.push([a, b]);
  });
  return pairs;
}

/** Where the library files the inter-aspect of two points, whichever person holds which. */
export function synastryAspectKeys(a: string, b: string): [PointKey, PointKey] | undefined {
  return natalAspectKeys(a, b);
}
