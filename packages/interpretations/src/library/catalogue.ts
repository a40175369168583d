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

export const ASPECT_KEYS = ['conjunction', 'sextile', 'square', 'trine', 'opposition'] as const;
export type AspectKey = (typeof ASPECT_KEYS)[number];

export const HOUSE_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;

/** Bodies whose transits are read: the Sun to Pluto, the Moon and the North Node. */
export const TRANSITING = [
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
] as const;
export type TransitingKey = (typeof TRANSITING)[number];

/** Planets slow enough that the house they move through colours months. */
export const SLOW_PLANETS = ['jupiter', 'saturn', 'uranus', 'neptune', 'pluto'] as const;

/** Planets that station (turn retrograde or direct). */
export const STATIONING = [
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
] as const;

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
export const MIN_VARIANTS = { transit: 2, moonTransit: 3, moonDay: 3, voidOfCourse: 6 } as const;

/** Every pair of points once, in the order of POINTS (the first of the pair files the entry). */
export function pointPairs(): [PointKey, PointKey][] {
  const pairs: [PointKey, PointKey][] = [];
  POINTS.forEach((a, i) => {
    for (const b of POINTS.slice(i + 1)) pairs.push([a, b]);
  });
  return pairs;
}
