import type { AspectKindName, BodyName, SignName, ZodiacPosition } from '@app/contracts/chart.ts';

// Names and glyphs for the chart. U+FE0E asks for the text form of symbols that also exist as emoji.
const TEXT = '\uFE0E';

export const SIGN_GLYPHS: Record<SignName, string> = {
  aries: `♈${TEXT}`,
  taurus: `♉${TEXT}`,
  gemini: `♊${TEXT}`,
  cancer: `♋${TEXT}`,
  leo: `♌${TEXT}`,
  virgo: `♍${TEXT}`,
  libra: `♎${TEXT}`,
  scorpio: `♏${TEXT}`,
  sagittarius: `♐${TEXT}`,
  capricorn: `♑${TEXT}`,
  aquarius: `♒${TEXT}`,
  pisces: `♓${TEXT}`,
};

export const SIGN_LABELS: Record<SignName, string> = {
  aries: 'Aries',
  taurus: 'Taurus',
  gemini: 'Gemini',
  cancer: 'Cancer',
  leo: 'Leo',
  virgo: 'Virgo',
  libra: 'Libra',
  scorpio: 'Scorpio',
  sagittarius: 'Sagittarius',
  capricorn: 'Capricorn',
  aquarius: 'Aquarius',
  pisces: 'Pisces',
};

export const BODY_GLYPHS: Record<BodyName, string> = {
  sun: '☉',
  moon: '☽',
  mercury: '☿',
  venus: '♀',
  mars: '♂',
  jupiter: '♃',
  saturn: '♄',
  uranus: '♅',
  neptune: '♆',
  pluto: '♇',
  meanNode: '☊',
  trueNode: '☊',
  lilith: '⚸',
};

export const BODY_LABELS: Record<BodyName, string> = {
  sun: 'Sun',
  moon: 'Moon',
  mercury: 'Mercury',
  venus: 'Venus',
  mars: 'Mars',
  jupiter: 'Jupiter',
  saturn: 'Saturn',
  uranus: 'Uranus',
  neptune: 'Neptune',
  pluto: 'Pluto',
  meanNode: 'Mean Node',
  trueNode: 'True Node',
  lilith: 'Lilith',
};

const POINT_LABELS: Record<string, string> = { ascendant: 'Ascendant', midheaven: 'Midheaven' };
const POINT_GLYPHS: Record<string, string> = { ascendant: 'AC', midheaven: 'MC' };

export function pointLabel(id: string): string {
  return BODY_LABELS[id as BodyName] ?? POINT_LABELS[id] ?? id;
}
export function pointGlyph(id: string): string {
  return BODY_GLYPHS[id as BodyName] ?? POINT_GLYPHS[id] ?? id;
}

export const ASPECT_LABELS: Record<AspectKindName, string> = {
  conjunction: 'Conjunction',
  semiSextile: 'Semi-sextile',
  sextile: 'Sextile',
  square: 'Square',
  trine: 'Trine',
  quincunx: 'Quincunx',
  opposition: 'Opposition',
};

/** Hard aspects red, soft ones blue and green, minor ones amber: mid tones that read on light and dark. */
export const ASPECT_COLOURS: Record<AspectKindName, string> = {
  conjunction: '#a855f7',
  semiSextile: '#d97706',
  sextile: '#0ea5e9',
  square: '#e5484d',
  trine: '#16a34a',
  quincunx: '#d97706',
  opposition: '#e5484d',
};

/** "14°05′" within the sign. */
export function degreeMinute(position: Pick<ZodiacPosition, 'degree' | 'minute'>): string {
  return `${position.degree}°${String(position.minute).padStart(2, '0')}′`;
}

/** "14°05′ Taurus". */
export function describePosition(position: ZodiacPosition): string {
  return `${degreeMinute(position)} ${SIGN_LABELS[position.sign]}`;
}

/** Glyphs look best in a font that has them all; system fallbacks follow. */
export const GLYPH_FONT =
  '"DejaVu Sans", "Segoe UI Symbol", "Apple Symbols", "Noto Sans Symbols", "Noto Sans Symbols 2", sans-serif';
