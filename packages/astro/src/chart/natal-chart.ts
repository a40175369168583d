// The natal chart: bodies, angles, houses, aspects and the facts read from them.

import { norm360 } from '../ephemeris/angles.ts';
import { type BodyPosition, bodyPosition } from '../ephemeris/bodies.ts';
import { BODY_IDS, type BodyId } from '../ephemeris/body-ids.ts';
import { type Instant, makeInstant } from '../ephemeris/instant.ts';
import { AstroInputError } from '../errors.ts';
import {
  type Angles,
  computeAngles,
  computeHouses,
  type HouseSystem,
  type HouseSystemCode,
  type Houses,
  houseOf,
  houseSystemFromCode,
} from '../houses/houses.ts';
import { type MomentInput, type ResolvedMoment, resolveMoment } from '../time/instant-input.ts';
import { type Aspect, type AspectPoint, findAspects, type OrbSettings, resolveOrbs } from './aspects.ts';
import { ayanamsaAt, isSidereal, parseZodiac, toSidereal, type Zodiac } from './sidereal.ts';
import {
  type Dignity,
  dignitiesOf,
  type Element,
  elementOf,
  isPlanet,
  type Modality,
  modalityOf,
  type PlanetId,
  rulerOf,
  type Sign,
  signOf,
} from './zodiac.ts';

interface ChartOptions {
  /** Bodies to include (default: all). */
  bodies?: readonly BodyId[];
  orbs?: OrbSettings;
  /** false when the birth time is unknown: houses, angles and house placements are left out. */
  timeKnown?: boolean;
}

export interface NatalChartInput {
  moment: MomentInput;
  latitude: number;
  longitude: number;
  /** A system name ('placidus') or its one-letter code ('P'); Placidus by default. */
  houseSystem?: HouseSystem | HouseSystemCode | string;
  /** 'tropical' (default) or { sidereal: 'lahiri' | 'fagan-bradley' }; also read from those names. */
  zodiac?: Zodiac | string;
  options?: ChartOptions;
}

interface ChartBody extends BodyPosition {
  sign: Sign;
  /** Degrees within the sign, 0..30. */
  signDegree: number;
  house: number | null;
  dignities: Dignity[];
}

export interface MoonPhase {
  /** Moon's longitude minus the Sun's, 0..360. */
  elongation: number;
  /** Lit fraction of the disc, 0..1. */
  illumination: number;
  name:
    | 'new'
    | 'waxing-crescent'
    | 'first-quarter'
    | 'waxing-gibbous'
    | 'full'
    | 'waning-gibbous'
    | 'last-quarter'
    | 'waning-crescent';
  waxing: boolean;
}

export interface NatalChart {
  moment: ResolvedMoment & { jdTt: number; deltaTSeconds: number };
  latitude: number;
  longitude: number;
  timeKnown: boolean;
  /** The true obliquity of the ecliptic at the moment, degrees (for charts derived from this one). */
  obliquity: number;
  zodiac: Zodiac;
  /** The ayanamsa subtracted from every longitude (true equinox of date), degrees; null when tropical. */
  ayanamsa: number | null;
  /** Why houses and angles are missing, when they are. */
  housesOmittedReason?: string;
  bodies: ChartBody[];
  angles: (Angles & { ascendantSign: Sign; midheavenSign: Sign }) | null;
  houses: Houses | null;
  aspects: Aspect[];
  /** Counts over the ten planets, Sun to Pluto. */
  elements: Record<Element, number>;
  modalities: Record<Modality, number>;
  /** Ruler of the Ascendant's sign. */
  chartRuler: { modern: PlanetId; traditional: PlanetId } | null;
  moonPhase: MoonPhase | null;
}

/** A birth as the product keeps it: the instant in UT, the place, and whether the time is known. */
export interface KnownBirth {
  utc: string;
  latitude: number;
  longitude: number;
  timeKnown: boolean;
}

/** The chart of a kept birth: the one way the server turns anyone's birth into a chart. */
export function chartOfBirth(
  birth: KnownBirth,
  options: { houseSystem?: NatalChartInput['houseSystem']; zodiac?: NatalChartInput['zodiac'] } = {},
): NatalChart {
  return computeNatalChart({
    moment: { utc: birth.utc },
    latitude: birth.latitude,
    longitude: birth.longitude,
    ...options,
    options: { timeKnown: birth.timeKnown },
  });
}

export function parseHouseSystem(v: string | undefined): HouseSystem {
  if (v === undefined) return 'placidus';
  const byCode = v.length === 1 ? houseSystemFromCode(v) : undefined;
  if (byCode) return byCode;
  const names: HouseSystem[] = [
    'placidus',
    'koch',
    'whole-sign',
    'equal',
    'porphyry',
    'regiomontanus',
    'campanus',
  ];
  const found = names.find((n) => n === v.toLowerCase());
  if (!found) throw new AstroInputError(`Unknown house system "${v}"`, 'UNKNOWN_HOUSE_SYSTEM');
  return found;
}

export function checkCoordinates(latitude: number, longitude: number): void {
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) {
    throw new AstroInputError(`Latitude must be between -90 and 90, got ${latitude}`, 'INVALID_COORDINATES');
  }
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) {
    throw new AstroInputError(
      `Longitude must be between -180 and 180, got ${longitude}`,
      'INVALID_COORDINATES',
    );
  }
}

const DEFAULT_ORBS = resolveOrbs();

const PHASES: MoonPhase['name'][] = [
  'new',
  'waxing-crescent',
  'first-quarter',
  'waxing-gibbous',
  'full',
  'waning-gibbous',
  'last-quarter',
  'waning-crescent',
];

export function moonPhaseOf(sunLongitude: number, moonLongitude: number): MoonPhase {
  const elongation = norm360(moonLongitude - sunLongitude);
  return {
    elongation,
    illumination: (1 - Math.cos((elongation * Math.PI) / 180)) / 2,
    name: PHASES[Math.floor(norm360(elongation + 22.5) / 45) % 8]!,
    waxing: elongation < 180,
  };
}

/** Cusps on the 360th degree sit at 0°; keep a body a hair below 360 in Pisces. */
function signDegree(longitude: number): number {
  return longitude - Math.floor(longitude / 30) * 30;
}

/** Computes the whole chart for one moment and place. */
export function computeNatalChart(input: NatalChartInput): NatalChart {
  checkCoordinates(input.latitude, input.longitude);
  const system = parseHouseSystem(input.houseSystem);
  const options = input.options ?? {};
  const timeKnown = options.timeKnown ?? true;
  // The chart's place is the birthplace: its own mean time applies before standard time.
  const moment = resolveMoment(input.moment, input.longitude);
  const inst = makeInstant(moment.jdUt);
  return buildChart({
    inst,
    moment,
    latitude: input.latitude,
    longitude: input.longitude,
    system,
    options,
    timeKnown,
    zodiac: parseZodiac(input.zodiac),
  });
}

export interface ChartFrame {
  inst: Instant;
  moment: ResolvedMoment;
  latitude: number;
  longitude: number;
  system: HouseSystem;
  options: ChartOptions;
  timeKnown: boolean;
  zodiac: Zodiac;
  /** Right ascension of the meridian when not the instant's own (progressed charts). */
  armc?: number;
}

/** Moves tropical positions, angles and cusps into the sidereal zodiac. */
function shiftToSidereal(
  shift: { value: number; speed: number },
  positions: BodyPosition[],
  a: Angles | null,
  houses: Houses | null,
  system: HouseSystem,
): void {
  for (const p of positions) {
    p.longitude = toSidereal(p.longitude, shift.value);
    p.speed -= shift.speed;
    p.retrograde = p.speed < 0;
  }
  if (!a || !houses) return;
  for (const key of ['ascendant', 'midheaven', 'descendant', 'imumCoeli', 'vertex'] as const) {
    a[key] = toSidereal(a[key], shift.value);
  }
  // Whole signs start at 0° of the sidereal sign rising; every other system moves with the zodiac.
  houses.cusps =
    system === 'whole-sign' && houses.system === 'whole-sign'
      ? Array.from({ length: 12 }, (_, i) => norm360(Math.floor(a.ascendant / 30) * 30 + 30 * i))
      : houses.cusps.map((c) => toSidereal(c, shift.value));
}

export function buildChart(frame: ChartFrame): NatalChart {
  const { inst, moment, latitude, longitude, system, options, timeKnown, zodiac } = frame;
  const ids = options.bodies ?? BODY_IDS;
  const positions = ids.map((b) => bodyPosition(b, inst));
  let angles: NatalChart['angles'] = null;
  let houses: Houses | null = null;
  let a: Angles | null = null;
  if (timeKnown) {
    a = computeAngles(frame.armc ?? inst.gast + longitude, latitude, inst.trueObliquity);
    houses = computeHouses(system, a, latitude, inst.trueObliquity);
  }
  const ayanamsa = isSidereal(zodiac) ? ayanamsaAt(zodiac.sidereal, inst) : null;
  if (ayanamsa) shiftToSidereal(ayanamsa, positions, a, houses, system);
  if (a) {
    angles = {
      ascendant: a.ascendant,
      midheaven: a.midheaven,
      descendant: a.descendant,
      imumCoeli: a.imumCoeli,
      vertex: a.vertex,
      armc: a.armc,
      ascendantSign: signOf(a.ascendant),
      midheavenSign: signOf(a.midheaven),
    };
  }
  const bodies: ChartBody[] = positions.map((p) => {
    const sign = signOf(p.longitude);
    // Fields spelled out: object spread is several times slower here.
    return {
      body: p.body,
      longitude: p.longitude,
      latitude: p.latitude,
      distance: p.distance,
      speed: p.speed,
      retrograde: p.retrograde,
      sign,
      signDegree: signDegree(p.longitude),
      house: houses ? houseOf(p.longitude, houses.cusps) : null,
      dignities: dignitiesOf(p.body, sign),
    };
  });
  const points: AspectPoint[] = positions.map((p) => ({
    id: p.body,
    longitude: p.longitude,
    speed: p.speed,
  }));
  if (angles) {
    points.push({ id: 'ascendant', longitude: angles.ascendant, speed: 0 });
    points.push({ id: 'midheaven', longitude: angles.midheaven, speed: 0 });
  }
  // The mean and the true node are two readings of one point, not two points in aspect.
  const aspects = findAspects(points, options.orbs ? resolveOrbs(options.orbs) : DEFAULT_ORBS).filter(
    (a) => !(a.a === 'meanNode' && a.b === 'trueNode'),
  );
  const elements: Record<Element, number> = { fire: 0, earth: 0, air: 0, water: 0 };
  const modalities: Record<Modality, number> = { cardinal: 0, fixed: 0, mutable: 0 };
  for (const b of bodies) {
    if (!isPlanet(b.body)) continue;
    elements[elementOf(b.sign)]++;
    modalities[modalityOf(b.sign)]++;
  }
  const sun = positions.find((p) => p.body === 'sun');
  const moon = positions.find((p) => p.body === 'moon');
  const chart: NatalChart = {
    moment: Object.assign(moment, { jdTt: inst.jdTt, deltaTSeconds: (inst.jdTt - inst.jdUt) * 86400 }),
    latitude,
    longitude,
    timeKnown,
    obliquity: inst.trueObliquity,
    zodiac,
    ayanamsa: ayanamsa ? ayanamsa.value : null,
    bodies,
    angles,
    houses,
    aspects,
    elements,
    modalities,
    chartRuler: angles ? rulerOf(angles.ascendantSign) : null,
    moonPhase: sun && moon ? moonPhaseOf(sun.longitude, moon.longitude) : null,
  };
  if (!timeKnown) {
    chart.housesOmittedReason =
      'The birth time is unknown, so the Ascendant, Midheaven and houses (which change every few minutes) are left out.';
  }
  return chart;
}
