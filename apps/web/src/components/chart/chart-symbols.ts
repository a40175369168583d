import { ANGLE_LABELS, BODY_LABELS, SIGN_LABELS } from '@app/astro/chart/labels';
import type { AspectKindName, BodyName, SignName, ZodiacPosition } from '@app/contracts/chart.ts';

export { BODY_LABELS, SIGN_LABELS };

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

const POINT_GLYPHS: Record<string, string> = { ascendant: 'AC', midheaven: 'MC' };

export function pointLabel(id: string): string {
  return BODY_LABELS[id as BodyName] ?? ANGLE_LABELS[id as keyof typeof ANGLE_LABELS] ?? id;
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
