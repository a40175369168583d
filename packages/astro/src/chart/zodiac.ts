// Signs, elements, modalities, rulerships and essential dignities.
import type { BodyId } from '../ephemeris/body-ids.ts';

export const SIGNS = [
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
export type Sign = (typeof SIGNS)[number];
export type Element = 'fire' | 'earth' | 'air' | 'water';
export type Modality = 'cardinal' | 'fixed' | 'mutable';

const ELEMENTS: readonly Element[] = ['fire', 'earth', 'air', 'water'];
const MODALITIES: readonly Modality[] = ['cardinal', 'fixed', 'mutable'];

export function signIndexOf(longitude: number): number {
  return Math.min(11, Math.floor(longitude / 30));
}
export function signOf(longitude: number): Sign {
  return SIGNS[signIndexOf(longitude)]!;
}

/** A longitude as displayed: its sign and the whole degrees and minutes within it, truncated as
 *  ephemerides print them (the CLI, the API and so the web app all show this). */
export function degreeMinuteOf(longitude: number): { sign: Sign; degree: number; minute: number } {
  const within = longitude - Math.floor(longitude / 30) * 30;
  const degree = Math.min(29, Math.floor(within));
  const minute = Math.min(59, Math.floor((within - degree) * 60));
  return { sign: signOf(longitude), degree, minute };
}
export function elementOf(sign: Sign): Element {
  return ELEMENTS[SIGNS.indexOf(sign) % 4]!;
}
export function modalityOf(sign: Sign): Modality {
  return MODALITIES[SIGNS.indexOf(sign) % 3]!;
}

export type PlanetId = Exclude<BodyId, 'meanNode' | 'trueNode' | 'lilith'>;

/** Modern rulers; Mars, Jupiter and Saturn keep their traditional second signs as co-rulers. */
const DOMICILE: Record<PlanetId, Sign[]> = {
  sun: ['leo'],
  moon: ['cancer'],
  mercury: ['gemini', 'virgo'],
  venus: ['taurus', 'libra'],
  mars: ['aries', 'scorpio'],
  jupiter: ['sagittarius', 'pisces'],
  saturn: ['capricorn', 'aquarius'],
  uranus: ['aquarius'],
  neptune: ['pisces'],
  pluto: ['scorpio'],
};

/** Traditional exaltations (the outer planets have none that all schools agree on). */
const EXALTATION: Partial<Record<PlanetId, Sign>> = {
  sun: 'aries',
  moon: 'taurus',
  mercury: 'virgo',
  venus: 'pisces',
  mars: 'capricorn',
  jupiter: 'cancer',
  saturn: 'libra',
};

const MODERN_RULER: Record<Sign, PlanetId> = {
  aries: 'mars',
  taurus: 'venus',
  gemini: 'mercury',
  cancer: 'moon',
  leo: 'sun',
  virgo: 'mercury',
  libra: 'venus',
  scorpio: 'pluto',
  sagittarius: 'jupiter',
  capricorn: 'saturn',
  aquarius: 'uranus',
  pisces: 'neptune',
};

const TRADITIONAL_RULER: Record<Sign, PlanetId> = {
  ...MODERN_RULER,
  scorpio: 'mars',
  aquarius: 'saturn',
  pisces: 'jupiter',
};

export function rulerOf(sign: Sign): { modern: PlanetId; traditional: PlanetId } {
  return { modern: MODERN_RULER[sign], traditional: TRADITIONAL_RULER[sign] };
}

function opposite(sign: Sign): Sign {
  return SIGNS[(SIGNS.indexOf(sign) + 6) % 12]!;
}

export type Dignity = 'domicile' | 'exaltation' | 'detriment' | 'fall';

export function isPlanet(body: BodyId): body is PlanetId {
  return body in DOMICILE;
}

/** Essential dignities of a planet in a sign (a planet can have two, e.g. Mercury in Virgo). */
export function dignitiesOf(body: BodyId, sign: Sign): Dignity[] {
  if (!isPlanet(body)) return [];
  const out: Dignity[] = [];
  if (DOMICILE[body].includes(sign)) out.push('domicile');
  if (EXALTATION[body] === sign) out.push('exaltation');
  if (DOMICILE[body].some((s) => opposite(s) === sign)) out.push('detriment');
  const ex = EXALTATION[body];
  if (ex !== undefined && opposite(ex) === sign) out.push('fall');
  return out;
}
