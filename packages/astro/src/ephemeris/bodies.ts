/// <reference path="./astronomia.d.ts" />
// Apparent geocentric positions in the true ecliptic and equinox of date, built on
// astronomy-engine's heliocentric states and lunar theory. Our layer adds light-time (from the
// state vectors, no iteration of the theory), the Sun's light deflection, annual aberration,
// precession and nutation, the lunar nodes and the mean lunar apogee (Black Moon Lilith).

import earthSeries from 'astronomia/data/vsop87Bearth';
import jupiterSeries from 'astronomia/data/vsop87Bjupiter';
import marsSeries from 'astronomia/data/vsop87Bmars';
import mercurySeries from 'astronomia/data/vsop87Bmercury';
import neptuneSeries from 'astronomia/data/vsop87Bneptune';
import saturnSeries from 'astronomia/data/vsop87Bsaturn';
import uranusSeries from 'astronomia/data/vsop87Buranus';
import venusSeries from 'astronomia/data/vsop87Bvenus';
import { BaryState, Body, HelioState } from 'astronomy-engine';
import { norm360, RAD } from './angles.ts';
import type { BodyId } from './body-ids.ts';
import { elpMoonState } from './elp-moon.ts';
import type { Instant, StateLike } from './instant.ts';
import { lilithPosition, meanNodePosition } from './lunar-mean-points.ts';
import { outerBarycentric } from './outer-planets.ts';
import { type TruncatedVsop, truncateVsop, vsopState } from './vsop87.ts';

export interface BodyPosition {
  body: BodyId;
  /** Apparent ecliptic longitude of date, degrees [0, 360). */
  longitude: number;
  /** Ecliptic latitude, degrees. */
  latitude: number;
  /** Geocentric distance in AU (0 for the nodes and Lilith). */
  distance: number;
  /** Change of longitude per day, degrees. */
  speed: number;
  retrograde: boolean;
}

const LIGHT_DAYS_PER_AU = 0.0057755183;
const C_AU_PER_DAY = 1 / LIGHT_DAYS_PER_AU;
/** General precession in longitude, degrees per day, so speeds refer to the moving equinox. */
const PRECESSION_PER_DAY = 5029.0966 / 3600 / 36525;

const PLANETS: Partial<Record<BodyId, Body>> = {
  mercury: Body.Mercury,
  venus: Body.Venus,
  mars: Body.Mars,
  jupiter: Body.Jupiter,
  saturn: Body.Saturn,
  uranus: Body.Uranus,
  neptune: Body.Neptune,
  pluto: Body.Pluto,
};

/** Gravitational parameters (AU³/day²) of the Sun and the giant planets, which fix where the
 * solar-system barycentre lies relative to the Sun. */
const SUN_GM = 0.2959122082855911e-3;
const GIANTS: [Body, number][] = [
  [Body.Jupiter, 0.2825345909524226e-6],
  [Body.Saturn, 0.8459715185680659e-7],
  [Body.Uranus, 0.1292024916781969e-7],
  [Body.Neptune, 0.1524358900784276e-7],
];

/**
 * The planets from the full VSOP87B series (astronomia's data), cut once at load to the terms that
 * reach the limit (radians; five times it in AU for the distance) within two centuries of 2000:
 * 1e-7 (0.02″) for the inner planets, whose errors the geocentric view magnifies and which a
 * displayed minute turns on (3e-7 left 0.6 % of their D°M′ a minute off the reference; 1e-7
 * 0.3 %, at little cost), 3e-8 for the Earth, whose errors every body and the Sun itself carry
 * (its 120 more terms bring the Sun from 0.05″ to 0.03″ median and the inner planets' D°M′ from
 * 99.7 to 99.8–99.9 % identical; cutting every inner planet at 1e-8 would gain another 0.02 %
 * overall but cost a quarter of a chart's time), 1e-6 for the giants, which outside 1800–2200
 * only back up the Chebyshev series of outer-planets.ts.
 */
const INNER = 1e-7;
const EARTH = 3e-8;
const GIANT = 1e-6;
const SERIES: Partial<Record<Body, TruncatedVsop>> = {
  [Body.Mercury]: truncateVsop(mercurySeries, INNER, 5 * INNER),
  [Body.Venus]: truncateVsop(venusSeries, INNER, 5 * INNER),
  [Body.Earth]: truncateVsop(earthSeries, EARTH, 5 * EARTH),
  [Body.Mars]: truncateVsop(marsSeries, INNER, 5 * INNER),
  [Body.Jupiter]: truncateVsop(jupiterSeries, GIANT, 5 * GIANT),
  [Body.Saturn]: truncateVsop(saturnSeries, GIANT, 5 * GIANT),
  [Body.Uranus]: truncateVsop(uranusSeries, GIANT, 5 * GIANT),
  [Body.Neptune]: truncateVsop(neptuneSeries, GIANT, 5 * GIANT),
};

/** Masses of the inner planets (the Earth with the Moon) over the Sun's: with the giants they fix
 * where the Sun lies relative to the solar-system barycentre. */
const INNER_MASS_RATIOS: [Body, number][] = [
  [Body.Mercury, 1 / 6023600],
  [Body.Venus, 1 / 408523.71],
  [Body.Earth, 1 / 328900.56],
  [Body.Mars, 1 / 3098708],
];

/**
 * The Sun's barycentric position from the giants' barycentric states and the inner planets'
 * heliocentric ones: M☉·S + Σ m(S + r) + Σ M·P = 0 solved for S. Undefined outside the span of
 * the giants' series.
 */
function sunBarycentric(inst: Instant): StateLike | undefined {
  if ('sunBary' in inst.memo) return inst.memo.sunBary as StateLike | undefined;
  let sun: StateLike | undefined = { x: 0, y: 0, z: 0, vx: 0, vy: 0, vz: 0 };
  let inner = 1;
  for (const [body, ratio] of INNER_MASS_RATIOS) {
    addScaled(sun, helioState(body, inst), -ratio);
    inner += ratio;
  }
  for (const [body, gm] of GIANTS) {
    const p = outerBarycentric(body, inst.jdTt);
    if (!p) {
      sun = undefined;
      break;
    }
    addScaled(sun, p, -gm / SUN_GM);
  }
  if (sun) for (const k of ['x', 'y', 'z', 'vx', 'vy', 'vz'] as const) sun[k] /= inner;
  inst.memo.sunBary = sun;
  return sun;
}

function addScaled(target: StateLike, s: StateLike, k: number): void {
  target.x += k * s.x;
  target.y += k * s.y;
  target.z += k * s.z;
  target.vx += k * s.vx;
  target.vy += k * s.vy;
  target.vz += k * s.vz;
}

function helioState(body: Body, inst: Instant): StateLike {
  let s = inst.helio[body];
  if (!s) {
    const bary = outerBarycentric(body, inst.jdTt);
    const sun = bary && sunBarycentric(inst);
    if (bary && sun) {
      s = { ...bary };
      addScaled(s, sun, -1);
    } else if (body === Body.Pluto) {
      // Pluto comes barycentric; shifting by the barycentre from the giants we compute anyway
      // avoids evaluating them a second time inside the library.
      const b = BaryState(Body.Pluto, inst.time);
      s = { x: b.x, y: b.y, z: b.z, vx: b.vx, vy: b.vy, vz: b.vz };
      for (const [giant, gm] of GIANTS) addScaled(s, helioState(giant, inst), gm / (gm + SUN_GM));
    } else if (SERIES[body]) {
      s = vsopState(SERIES[body], inst.time.tt);
    } else {
      const h = HelioState(body, inst.time);
      s = { x: h.x, y: h.y, z: h.z, vx: h.vx, vy: h.vy, vz: h.vz };
    }
    inst.helio[body] = s;
  }
  return s;
}

function toPosition(
  body: BodyId,
  inst: Instant,
  x: number,
  y: number,
  z: number,
  vx: number,
  vy: number,
  vz: number,
): BodyPosition {
  const m = inst.toEcliptic;
  const ex = m[0]! * x + m[1]! * y + m[2]! * z;
  const ey = m[3]! * x + m[4]! * y + m[5]! * z;
  const ez = m[6]! * x + m[7]! * y + m[8]! * z;
  const evx = m[0]! * vx + m[1]! * vy + m[2]! * vz;
  const evy = m[3]! * vx + m[4]! * vy + m[5]! * vz;
  const rxy2 = ex * ex + ey * ey;
  const speed = ((ex * evy - ey * evx) / rxy2) * RAD + PRECESSION_PER_DAY + inst.dpsiRate;
  return {
    body,
    longitude: norm360(Math.atan2(ey, ex) * RAD),
    latitude: Math.atan2(ez, Math.sqrt(rxy2)) * RAD,
    distance: Math.sqrt(rxy2 + ez * ez),
    speed,
    retrograde: speed < 0,
  };
}

/** Sun or planet: light-time corrected geocentric vector, then annual aberration (first order). */
function planetPosition(body: BodyId, inst: Instant): BodyPosition {
  const e = helioState(Body.Earth, inst);
  let px = 0;
  let py = 0;
  let pz = 0;
  let pvx = 0;
  let pvy = 0;
  let pvz = 0;
  const planet = PLANETS[body];
  if (planet !== undefined) {
    const s = helioState(planet, inst);
    px = s.x;
    py = s.y;
    pz = s.z;
    pvx = s.vx;
    pvy = s.vy;
    pvz = s.vz;
  }
  let gx = px - e.x;
  let gy = py - e.y;
  let gz = pz - e.z;
  // The body's orbit is close to a straight line over the light time, so step back along its velocity.
  for (let k = 0; k < 2; k++) {
    const tau = Math.sqrt(gx * gx + gy * gy + gz * gz) * LIGHT_DAYS_PER_AU;
    gx = px - pvx * tau - e.x;
    gy = py - pvy * tau - e.y;
    gz = pz - pvz * tau - e.z;
  }
  const r = Math.sqrt(gx * gx + gy * gy + gz * gz);
  let ux = gx / r;
  let uy = gy / r;
  let uz = gz / r;
  if (planet !== undefined) [ux, uy, uz] = deflectedBySun(ux, uy, uz, gx + e.x, gy + e.y, gz + e.z, e);
  const bx = e.vx / C_AU_PER_DAY;
  const by = e.vy / C_AU_PER_DAY;
  const bz = e.vz / C_AU_PER_DAY;
  const dot = ux * bx + uy * by + uz * bz;
  const ax = ux + bx - dot * ux;
  const ay = uy + by - dot * uy;
  const az = uz + bz - dot * uz;
  // Velocity of the apparent place: the body's velocity when the light left it (its solar
  // acceleration over the light time), less the Earth's, plus the drift of the aberration as the
  // Earth's velocity turns (its solar acceleration over c).
  const tau = r * LIGHT_DAYS_PER_AU;
  const p3 = (px * px + py * py + pz * pz) ** 1.5;
  const back = p3 > 0 ? (SUN_GM * tau) / p3 : 0;
  const fx = pvx + back * px;
  const fy = pvy + back * py;
  const fz = pvz + back * pz;
  const e3 = (e.x * e.x + e.y * e.y + e.z * e.z) ** 1.5;
  const k = -SUN_GM / e3 / C_AU_PER_DAY;
  const dbx = k * e.x;
  const dby = k * e.y;
  const dbz = k * e.z;
  const ddot = ux * dbx + uy * dby + uz * dbz;
  return toPosition(
    body,
    inst,
    ax * r,
    ay * r,
    az * r,
    fx - e.vx + r * (dbx - ddot * ux),
    fy - e.vy + r * (dby - ddot * uy),
    fz - e.vz + r * (dbz - ddot * uz),
  );
}

/** Twice the Sun's gravitational radius, 2GM/c², in AU. */
const SUN_DEFLECTION_AU = (2 * SUN_GM) / (C_AU_PER_DAY * C_AU_PER_DAY);

/**
 * The Sun's bending of the light from a planet (unit geocentric direction u; heliocentric position
 * q of the planet when the light left it, and of the Earth), as in the Explanatory Supplement
 * (1992, 3.331) and the Swiss Ephemeris: 0.004″ at 90° from the Sun, 0.5″ at 1°.
 */
function deflectedBySun(
  ux: number,
  uy: number,
  uz: number,
  qx: number,
  qy: number,
  qz: number,
  earth: StateLike,
): [number, number, number] {
  const q = Math.sqrt(qx * qx + qy * qy + qz * qz);
  const ed = Math.sqrt(earth.x * earth.x + earth.y * earth.y + earth.z * earth.z);
  qx /= q;
  qy /= q;
  qz /= q;
  const ex = earth.x / ed;
  const ey = earth.y / ed;
  const ez = earth.z / ed;
  const uq = ux * qx + uy * qy + uz * qz;
  const eu = ex * ux + ey * uy + ez * uz;
  const k = SUN_DEFLECTION_AU / ed / (1 + qx * ex + qy * ey + qz * ez);
  const dx = ux + k * (uq * ex - eu * qx);
  const dy = uy + k * (uq * ey - eu * qy);
  const dz = uz + k * (uq * ez - eu * qz);
  const n = Math.sqrt(dx * dx + dy * dy + dz * dz);
  return [dx / n, dy / n, dz / n];
}

interface MoonState {
  x: number;
  y: number;
  z: number;
  vx: number;
  vy: number;
  vz: number;
  /** Geometric position and acceleration, for the osculating node and its motion. */
  gx: number;
  gy: number;
  gz: number;
  ax: number;
  ay: number;
  az: number;
}

/** GM of the Earth plus the Moon, AU³/day². */
const EARTH_MOON_GM = 0.8887692390113509e-9 * (1 + 1 / 81.30057);

/**
 * Geocentric Moon in the true ecliptic of date from ELP/MPP02: position and velocity from the
 * theory (the velocity rotated into the frame of date, without the frame's own slow turn, as the
 * Swiss Ephemeris does for the osculating node), and the acceleration from gravity (Earth and the
 * Sun's tide), which is what turns the orbit plane and so moves the node.
 */
function moonState(inst: Instant): MoonState {
  const cached = inst.memo.moon as MoonState | undefined;
  if (cached) return cached;
  const j = elpMoonState(inst.time.tt);
  const m = inst.toEcliptic;
  const gx = m[0]! * j.x + m[1]! * j.y + m[2]! * j.z;
  const gy = m[3]! * j.x + m[4]! * j.y + m[5]! * j.z;
  const gz = m[6]! * j.x + m[7]! * j.y + m[8]! * j.z;
  const vx = m[0]! * j.vx + m[1]! * j.vy + m[2]! * j.vz;
  const vy = m[3]! * j.vx + m[4]! * j.vy + m[5]! * j.vz;
  const vz = m[6]! * j.vx + m[7]! * j.vy + m[8]! * j.vz;
  // Geocentric Sun (geometric) in the same frame.
  const e = helioState(Body.Earth, inst);
  const sx = -(m[0]! * e.x + m[1]! * e.y + m[2]! * e.z);
  const sy = -(m[3]! * e.x + m[4]! * e.y + m[5]! * e.z);
  const sz = -(m[6]! * e.x + m[7]! * e.y + m[8]! * e.z);
  const acceleration = (x: number, y: number, z: number): [number, number, number] => {
    const r3 = (x * x + y * y + z * z) ** 1.5;
    const dx = sx - x;
    const dy = sy - y;
    const dz = sz - z;
    const d3 = (dx * dx + dy * dy + dz * dz) ** 1.5;
    const s3 = (sx * sx + sy * sy + sz * sz) ** 1.5;
    return [
      (-EARTH_MOON_GM * x) / r3 + SUN_GM * (dx / d3 - sx / s3),
      (-EARTH_MOON_GM * y) / r3 + SUN_GM * (dy / d3 - sy / s3),
      (-EARTH_MOON_GM * z) / r3 + SUN_GM * (dz / d3 - sz / s3),
    ];
  };
  const [ax, ay, az] = acceleration(gx, gy, gz);
  // Light time: the Moon's geocentric motion during it (annual aberration cancels for the Moon).
  const tau = Math.sqrt(gx * gx + gy * gy + gz * gz) * LIGHT_DAYS_PER_AU;
  const s: MoonState = {
    x: gx - vx * tau,
    y: gy - vy * tau,
    z: gz - vz * tau,
    vx,
    vy,
    vz,
    gx,
    gy,
    gz,
    ax,
    ay,
    az,
  };
  inst.memo.moon = s;
  return s;
}

function moonPosition(inst: Instant): BodyPosition {
  const s = moonState(inst);
  const rxy2 = s.x * s.x + s.y * s.y;
  const speed = ((s.x * s.vy - s.y * s.vx) / rxy2) * RAD + PRECESSION_PER_DAY + inst.dpsiRate;
  return {
    body: 'moon',
    longitude: norm360(Math.atan2(s.y, s.x) * RAD),
    latitude: Math.atan2(s.z, Math.sqrt(rxy2)) * RAD,
    distance: Math.sqrt(rxy2 + s.z * s.z),
    speed,
    retrograde: false,
  };
}

/**
 * Osculating ascending node: where the orbit plane (normal h = r × v) meets the ecliptic.
 * Its motion follows from dh/dt = r × a.
 */
function trueNodePosition(inst: Instant): BodyPosition {
  const s = moonState(inst);
  const hx = s.gy * s.vz - s.gz * s.vy;
  const hy = s.gz * s.vx - s.gx * s.vz;
  const dhx = s.gy * s.az - s.gz * s.ay;
  const dhy = s.gz * s.ax - s.gx * s.az;
  const speed = ((hx * dhy - hy * dhx) / (hx * hx + hy * hy)) * RAD;
  return {
    body: 'trueNode',
    longitude: norm360(Math.atan2(hx, -hy) * RAD),
    latitude: 0,
    distance: 0,
    speed,
    retrograde: speed < 0,
  };
}

export function bodyPosition(body: BodyId, inst: Instant): BodyPosition {
  switch (body) {
    case 'moon':
      return moonPosition(inst);
    case 'meanNode':
      return meanNodePosition(inst);
    case 'trueNode':
      return trueNodePosition(inst);
    case 'lilith':
      return lilithPosition(inst);
    default:
      return planetPosition(body, inst);
  }
}
