// The mean lunar node and the mean lunar apogee (Black Moon Lilith), from the Moon's mean elements.
import { DEG, norm360, RAD } from './angles.ts';
import type { BodyPosition } from './bodies.ts';
import type { Instant } from './instant.ts';

/** Mean inclination of the lunar orbit to the ecliptic. */
const MOON_INCLINATION = 5.1453964 * DEG;

/**
 * The Moon's mean elements as the Swiss Ephemeris takes them (Moshier's lunar theory, its secular
 * terms fitted to DE404 over −3000…+3000; no further correction between the years 0 and 3000),
 * in degrees for Julian centuries of TT: mean longitude L, argument of latitude F, anomaly l.
 * The whole-turn parts of the rates are applied to the fraction of the century alone, which keeps
 * the arcseconds exact far from J2000.
 */
function meanLunarArcsec(t: number, turns: number, rest: number, epoch: number, z: number[]): number {
  const frac = t % 1;
  const secular = ((z[2]! * t + z[1]!) * t + z[0]!) * t * t;
  return (((turns * frac + rest * t + epoch + secular) % 1296000) + 1296000) % 1296000;
}
const MEAN_LONGITUDE = (t: number) =>
  meanLunarArcsec(
    t,
    1731456000,
    1108372.83264 - 0.6784914260953,
    785939.95571,
    [-5.663161722088, 5.722859298199e-3, -8.466472828815e-5],
  );
const MEAN_ARGUMENT_OF_LATITUDE = (t: number) =>
  meanLunarArcsec(
    t,
    1739232000,
    295263.0983 - 0.207941990176,
    335779.55755,
    [-13.12045233711, -1.13821591258e-3, -9.646018347184e-6],
  );
const MEAN_ANOMALY = (t: number) =>
  meanLunarArcsec(
    t,
    1717200000,
    715923.4728 - 0.2035946368532,
    485868.28096,
    [31.46734198839, 4.76835758578e-2, -3.421689790404e-4],
  );

/** Mean ascending node, L − F, degrees. */
function meanNodeMean(t: number): number {
  return norm360((MEAN_LONGITUDE(t) - MEAN_ARGUMENT_OF_LATITUDE(t)) / 3600);
}

/** Mean perigee, L − l, degrees. */
function meanPerigee(t: number): number {
  return norm360((MEAN_LONGITUDE(t) - MEAN_ANOMALY(t)) / 3600);
}

const DAYS_PER_CENTURY = 36525;

export function meanNodePosition(inst: Instant): BodyPosition {
  const speed = (-1934.1362891 + 2 * 0.0020754 * inst.t) / DAYS_PER_CENTURY + inst.dpsiRate;
  return {
    body: 'meanNode',
    longitude: norm360(meanNodeMean(inst.t) + inst.dpsi),
    latitude: 0,
    distance: 0,
    speed,
    retrograde: speed < 0,
  };
}

/** Mean lunar apogee, projected from the mean orbit plane onto the ecliptic. */
export function lilithPosition(inst: Instant): BodyPosition {
  const node = meanNodeMean(inst.t);
  const apogee = meanPerigee(inst.t) + 180;
  const u = (apogee - node) * DEG;
  const cosI = Math.cos(MOON_INCLINATION);
  const lon = node + Math.atan2(cosI * Math.sin(u), Math.cos(u)) * RAD;
  const lat = Math.asin(Math.sin(MOON_INCLINATION) * Math.sin(u)) * RAD;
  // Rates in degrees per day; the projection onto the ecliptic speeds up and slows down the motion.
  const nodeRate = (-1934.1362891 + 2 * 0.0020754 * inst.t) / DAYS_PER_CENTURY;
  const apogeeRate = (4069.0137287 - 0.02064 * inst.t) / DAYS_PER_CENTURY;
  const su = Math.sin(u);
  const cu = Math.cos(u);
  const speed =
    nodeRate + (cosI / (cu * cu + cosI * cosI * su * su)) * (apogeeRate - nodeRate) + inst.dpsiRate;
  return {
    body: 'lilith',
    longitude: norm360(lon + inst.dpsi),
    latitude: lat,
    distance: 0,
    speed,
    retrograde: speed < 0,
  };
}
