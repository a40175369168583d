// The sidereal zodiac: longitudes counted from a point fixed among the stars instead of the moving
// vernal equinox. The difference is the ayanamsa. Each ayanamsa is defined by its value at an
// epoch, carried to other dates by the general precession in longitude (as the Swiss Ephemeris
// does): with the precession model of its definition from the epoch to J2000, and with the
// IAU 2006 model (Capitaine et al. 2003) from J2000 on.
import { norm360 } from '../ephemeris/angles.ts';
import type { Instant } from '../ephemeris/instant.ts';
import { AstroInputError } from '../errors.ts';
import { JD_J2000 } from '../time/civil.ts';

const AYANAMSAS = ['lahiri', 'fagan-bradley'] as const;
export type Ayanamsa = (typeof AYANAMSAS)[number];
export type Zodiac = 'tropical' | { sidereal: Ayanamsa };

/** General precession in longitude accumulated since J2000, arcseconds; T in Julian centuries TT. */
function precessionIau2006(t: number): number {
  return ((((-0.0000000383 * t - 0.000023857) * t + 0.00007964) * t + 1.1054348) * t + 5028.796195) * t;
}

/** IAU 1976 (Lieske et al. 1977), the model the Indian Astronomical Ephemeris used. */
function precessionIau1976(t: number): number {
  return ((-0.000006 * t + 1.11113) * t + 5029.0966) * t;
}

const B1900 = 2415020.31352;
const TROPICAL_CENTURY = 36524.2198782;
/** Newcomb: 50.2564″ a year at 1900 growing by 0.000222″ a year; τ in tropical centuries from B1900. */
function precessionNewcomb(jdTt: number): number {
  const tau = (jdTt - B1900) / TROPICAL_CENTURY;
  return (1.11 * tau + 5025.64) * tau;
}

interface AyanamsaDefinition {
  /** Epoch, Julian day TT. */
  epoch: number;
  /** Mean ayanamsa at the epoch (nutation removed), degrees. */
  valueAtEpoch: number;
  /** Precession from the epoch to J2000 by the model of the definition, arcseconds. */
  precessionToJ2000: number;
}

const AYANAMSA_DEFINITIONS: Record<Ayanamsa, AyanamsaDefinition> = {
  // Calendar Reform Committee (1956) / Indian Astronomical Ephemeris: 23°15′00.658″ on
  // 1956 March 21, 0h TT, including nutation; 16.769″ of nutation (Wahr 1980) taken out.
  lahiri: {
    epoch: 2435553.5,
    valueAtEpoch: 23.250182778 - 0.004658035,
    precessionToJ2000: -precessionIau1976((2435553.5 - JD_J2000) / 36525),
  },
  // Fagan and Bradley: the Synetic Vernal Point at 335°57′28.64″ (ayanamsa 24°02′31.36″) at
  // B1950.0, on Newcomb's precession.
  'fagan-bradley': {
    epoch: 2433282.42346,
    valueAtEpoch: 24.042044444,
    precessionToJ2000: precessionNewcomb(JD_J2000) - precessionNewcomb(2433282.42346),
  },
};

/** Mean ayanamsa (from the mean equinox of date), degrees, at a Julian day TT. */
function meanAyanamsa(ayanamsa: Ayanamsa, jdTt: number): number {
  const d = AYANAMSA_DEFINITIONS[ayanamsa];
  const sinceJ2000 = precessionIau2006((jdTt - JD_J2000) / 36525);
  return d.valueAtEpoch + (d.precessionToJ2000 + sinceJ2000) / 3600;
}

export interface AyanamsaValue {
  /** From the true equinox of date (nutation included): subtract from apparent tropical longitudes. */
  value: number;
  mean: number;
  /** Degrees per day, nutation included. */
  speed: number;
}

/** The ayanamsa at an instant; sidereal longitude = apparent tropical longitude − `value`. */
export function ayanamsaAt(ayanamsa: Ayanamsa, inst: Instant): AyanamsaValue {
  const mean = meanAyanamsa(ayanamsa, inst.jdTt);
  const precessionRate = (5028.796195 + 2.2108696 * inst.t) / 3600 / 36525;
  return { value: mean + inst.dpsi, mean, speed: precessionRate + inst.dpsiRate };
}

/** Tropical longitude → sidereal longitude for a given ayanamsa value. */
export function toSidereal(longitude: number, ayanamsaValue: number): number {
  return norm360(longitude - ayanamsaValue);
}

export function isSidereal(zodiac: Zodiac | undefined): zodiac is { sidereal: Ayanamsa } {
  return typeof zodiac === 'object' && zodiac !== null;
}

export function zodiacLabel(zodiac: Zodiac): string {
  if (!isSidereal(zodiac)) return 'tropical';
  return `sidereal (${zodiac.sidereal === 'lahiri' ? 'Lahiri' : 'Fagan/Bradley'})`;
}

/** Reads 'tropical', 'lahiri', 'fagan-bradley' (also 'sidereal-lahiri', 'fagan', 'fagan/bradley'). */
export function parseZodiac(v: string | Zodiac | undefined): Zodiac {
  if (v === undefined || v === 'tropical') return 'tropical';
  if (typeof v === 'object') {
    if (AYANAMSAS.includes(v.sidereal)) return v;
    throw new AstroInputError(`Unknown ayanamsa "${String(v.sidereal)}"`, 'UNKNOWN_ZODIAC');
  }
  const name = v
    .toLowerCase()
    .replace(/^sidereal[-\s]?/, '')
    .replace(/[/\s_]/g, '-');
  if (name === 'lahiri') return { sidereal: 'lahiri' };
  if (name === 'fagan-bradley' || name === 'fagan') return { sidereal: 'fagan-bradley' };
  throw new AstroInputError(`Unknown zodiac "${v}": use tropical, lahiri or fagan-bradley`, 'UNKNOWN_ZODIAC');
}
