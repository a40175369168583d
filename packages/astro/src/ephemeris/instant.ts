// Everything about one instant that several computations share: UT and TT, the astronomy-engine
// time object, nutation, obliquity, sidereal time, and the rotation into the true ecliptic of date.
import { AstroTime, e_tilt, Rotation_EQJ_ECT, SetDeltaTFunction, SiderealTime } from 'astronomy-engine';
import { JD_J2000 } from '../time/civil.ts';
import { deltaTDays } from '../time/delta-t.ts';

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
  const tilt = e_tilt(time);
  const rot = Rotation_EQJ_ECT(time).rot;
  // astronomy-engine stores rot[column][row]; keep ours row-major.
  const c0 = rot[0]!;
  const c1 = rot[1]!;
  const c2 = rot[2]!;
  const m = [c0[0]!, c1[0]!, c2[0]!, c0[1]!, c1[1]!, c2[1]!, c0[2]!, c1[2]!, c2[2]!];
  return {
    jdUt,
    jdTt: time.tt + JD_J2000,
    t: time.tt / 36525,
    time,
    dpsi: tilt.dpsi / 3600,
    dpsiRate: nutationRate(time.tt / 36525),
    deps: tilt.deps / 3600,
    meanObliquity: tilt.mobl,
    trueObliquity: tilt.tobl,
    gast: SiderealTime(time) * 15,
    toEcliptic: m,
    helio: {},
    memo: {},
  };
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
