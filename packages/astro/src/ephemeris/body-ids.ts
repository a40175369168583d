/** Every point the library positions, in display order. Kept apart from the ephemeris so that
 *  light consumers (schemas, the web app) can name bodies without loading the planetary series. */
export const BODY_IDS = [
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
  'meanNode',
  'trueNode',
  'lilith',
] as const;
export type BodyId = (typeof BODY_IDS)[number];
