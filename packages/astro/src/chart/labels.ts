import type { BodyId } from '../ephemeris/body-ids.ts';
import type { Sign } from './zodiac.ts';

// The English names of the bodies, the chart's two angles and the signs: one table for the
// command line's text charts and the web app's chart.

export const BODY_LABELS: Record<BodyId, string> = {
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

export const ANGLE_LABELS = { ascendant: 'Ascendant', midheaven: 'Midheaven' } as const;

export const SIGN_LABELS: Record<Sign, string> = {
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
