// Everything about one instant that several computations share: UT and TT, the astronomy-engine
// time object, nutation, obliquity, sidereal time, and the rotation into the true ecliptic of date.
import { AstroTime, e_tilt, Rotation_EQJ_ECT, SetDeltaTFunction, SiderealTime } from 'astronomy-engine';
import { JD_J2000 } from '../time/civil.ts';
import { deltaTDays } from '../time/delta-t.ts';
import { nutationIau2000b } from './nutation.ts';

// astronomy-engine takes days since J2000 (UT); our ΔT table replaces its built-in model.
SetDeltaTFunction((ut: number) => deltaTDays(ut + JD_J2000) * 86400);

/** Position (AU) and velocity (AU/day). */
export interface StateLike {
  x: number;
  y: number;
  z: number;
  vx: number;
  vy: number;
  vz: number;
}

export interface Instant {
  jdUt: number;
  jdTt: number;
  /** Julian centuries of TT since J2000. */
  t: number;
  time: AstroTime;
  /** Nutation in longitude and obliquity, degrees. */
  dpsi: number;
  deps: number;
  /** Rate of the nutation in longitude, degrees per day (its four largest terms). */
  dpsiRate: number;
  meanObliquity: number;
  trueObliquity: number;
  /** Greenwich apparent sidereal time, degrees. */
  gast: number;
  /** Row-major rotation from J2000 equator (EQJ) to the true ecliptic and equinox of date. */
  toEcliptic: number[];
  /** Heliocentric J2000 states already computed for this instant, by body name. */
  helio: Record<string, StateLike>;
  /** Other per-instant results kept by the modules that computed them. */
  memo: Record<string, unknown>;
}

export function makeInstant(jdUt: number): Instant {
  const time = new AstroTime(jdUt - JD_J2000);
  const t = time.tt / 36525;
  const tilt = e_tilt(time);
  const { dpsi, deps } = nutationIau2000b(t);
  const trueObliquity = tilt.mobl + deps;
  // astronomy-engine's frame of date carries its own 5-term nutation. The true ecliptic is the
  // mean one, so the full model's Δψ is a turn about the ecliptic pole by the difference.
  const dpsiCorrection = dpsi - tilt.dpsi / 3600;
  const turn = dpsiCorrection * (Math.PI / 180);
  const ct = Math.cos(turn);
  const st = Math.sin(turn);
  const rot = Rotation_EQJ_ECT(time).rot;
  // astronomy-engine stores rot[column][row]; keep ours row-major.
  const c0 = rot[0]!;
  const c1 = rot[1]!;
  const c2 = rot[2]!;
  const m = [
    ct * c0[0]! - st * c0[1]!,
    ct * c1[0]! - st * c1[1]!,
    ct * c2[0]! - st * c2[1]!,
    st * c0[0]! + ct * c0[1]!,
    st * c1[0]! + ct * c1[1]!,
    st * c2[0]! + ct * c2[1]!,
    c0[2]!,
    c1[2]!,
    c2[2]!,
  ];
  return {
    jdUt,
    jdTt: time.tt + JD_J2000,
    t,
    time,
    dpsi,
    dpsiRate: nutationRate(t),
    deps,
    meanObliquity: tilt.mobl,
    trueObliquity,
    gast: greenwichSiderealTime(jdUt, time, dpsi, trueObliquity, dpsiCorrection),
    toEcliptic: m,
    helio: {},
    memo: {},
  };
}

/** Outside 1850–2050 the Swiss Ephemeris switches to its long-term sidereal time (its default
 * model); we follow it so that the Ascendant and the Midheaven agree with it there too. */
const LONG_TERM_BEFORE = 2396758.5;
const LONG_TERM_AFTER = 2469807.5;
/** The Swiss constants that join the long-term model to the IERS one at those dates, degrees. */
const LONG_TERM_OFFSET_BEFORE = 0.000378172;
const LONG_TERM_OFFSET_AFTER = 0.001385646;
const ABERRATION_DAYS = 0.0057755183;

/**
 * Greenwich apparent sidereal time, degrees: the IERS 2010 (ERA-based) expression from 1850 to
 * 2050, otherwise the Swiss long-term form, the hour angle of the mean Sun from the Earth's mean
 * longitude (J2000) carried to the equinox of date by the general precession.
 */
function greenwichSiderealTime(
  jdUt: number,
  time: AstroTime,
  dpsi: number,
  trueObliquity: number,
  dpsiCorrection: number,
): number {
  if (jdUt > LONG_TERM_BEFORE && jdUt < LONG_TERM_AFTER) {
    // astronomy-engine's equation of the equinoxes uses its own Δψ; add the full model's remainder.
    return SiderealTime(time) * 15 + dpsiCorrection * Math.cos(trueObliquity * (Math.PI / 180));
  }
  const millennia = time.tt / 365250;
  const t = millennia * 10;
  const earthMeanLongitude =
    100.46645683 +
    (1295977422.83429 * millennia - 2.04411 * millennia ** 2 - 0.00523 * millennia ** 3) / 3600 -
    (ABERRATION_DAYS * 360) / 365.2425;
  const precession = (5028.796195 * t + 1.1054348 * t * t + 0.00007964 * t ** 3) / 3600;
  const hour = (((jdUt - 0.5) % 1) + 1) % 1;
  const offset = jdUt <= LONG_TERM_BEFORE ? LONG_TERM_OFFSET_BEFORE : LONG_TERM_OFFSET_AFTER;
  const gast =
    earthMeanLongitude + precession + hour * 360 + dpsi * Math.cos(trueObliquity * (Math.PI / 180)) - offset;
  return ((gast % 360) + 360) % 360;
}

/**
 * d(Δψ)/dt from the four largest nutation terms (17.2″ with the node, 1.32″ semi-annual, 0.23″
 * fortnightly, 0.21″ with twice the node), enough for daily speeds.
 */
function nutationRate(t: number): number {
  const d2r = Math.PI / 180;
  const omega = (125.04452 - 1934.136261 * t) * d2r;
  const sunL = (280.4665 + 36000.7698 * t) * d2r;
  const moonL = (218.3165 + 481267.8813 * t) * d2r;
  // Angular rates in radians per day.
  const dOmega = (-1934.136261 / 36525) * d2r;
  const dSun = (36000.7698 / 36525) * d2r;
  const dMoon = (481267.8813 / 36525) * d2r;
  const arcsecPerDay =
    -17.2 * Math.cos(omega) * dOmega -
    1.32 * Math.cos(2 * sunL) * 2 * dSun -
    0.23 * Math.cos(2 * moonL) * 2 * dMoon +
    0.21 * Math.cos(2 * omega) * 2 * dOmega;
  return arcsecPerDay / 3600;
}
