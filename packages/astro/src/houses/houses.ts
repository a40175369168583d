// Angles and house cusps from the sidereal time, the geographic latitude and the true obliquity.
// Quadrant systems that cut space (Regiomontanus, Campanus) intersect great circles through the
// north and south points of the horizon with the ecliptic; Placidus and Koch divide time.
import { DEG, norm360, RAD } from '../ephemeris/angles.ts';

export const HOUSE_SYSTEMS = {
  P: 'placidus',
  K: 'koch',
  W: 'whole-sign',
  E: 'equal',
  O: 'porphyry',
  R: 'regiomontanus',
  C: 'campanus',
} as const;
export type HouseSystemCode = keyof typeof HOUSE_SYSTEMS;
export type HouseSystem = (typeof HOUSE_SYSTEMS)[HouseSystemCode];

export function houseSystemFromCode(code: string): HouseSystem | undefined {
  return (HOUSE_SYSTEMS as Record<string, HouseSystem>)[code.toUpperCase()];
}

export function houseSystemCode(system: HouseSystem): HouseSystemCode {
  return (Object.keys(HOUSE_SYSTEMS) as HouseSystemCode[]).find((k) => HOUSE_SYSTEMS[k] === system)!;
}

export interface Angles {
  ascendant: number;
  midheaven: number;
  descendant: number;
  imumCoeli: number;
  vertex: number;
  /** Right ascension of the meridian (local apparent sidereal time), degrees. */
  armc: number;
}

export interface Houses {
  /** The system asked for. */
  requested: HouseSystem;
  /** The system used; differs from `requested` where it is undefined at this latitude. */
  system: HouseSystem;
  /** Why the system differs from the one asked for, if it does. */
  fallbackReason?: string;
  /** Longitudes of the cusps of houses 1..12 (index 0 is the first house). */
  cusps: number[];
}

/** Ecliptic longitude where a circle through the horizon's north and south points, of the given
 * pole height, crosses the ecliptic at oblique ascension `oa` (all degrees). */
function ascendantOf(oa: number, pole: number, eps: number): number {
  const r = oa * DEG;
  return norm360(
    Math.atan2(Math.sin(r), Math.cos(r) * Math.cos(eps * DEG) - Math.tan(pole * DEG) * Math.sin(eps * DEG)) *
      RAD,
  );
}

function midheavenOf(armc: number, eps: number): number {
  const r = armc * DEG;
  return norm360(Math.atan2(Math.sin(r), Math.cos(r) * Math.cos(eps * DEG)) * RAD);
}

export function computeAngles(armc: number, latitude: number, eps: number): Angles {
  const midheaven = midheavenOf(armc, eps);
  let ascendant = ascendantOf(armc + 90, latitude, eps);
  // Beyond the polar circles the eastern horizon can meet the ecliptic behind the Midheaven;
  // the convention (shared with the reference software) takes the opposite point so that the
  // houses keep their zodiacal order MC, Ascendant, IC.
  if (norm360(ascendant - midheaven) >= 180) ascendant = norm360(ascendant + 180);
  // The Vertex: the western point where the prime vertical meets the ecliptic.
  const vertex = vertexOf(armc, latitude, eps);
  return {
    ascendant,
    midheaven,
    descendant: norm360(ascendant + 180),
    imumCoeli: norm360(midheaven + 180),
    vertex,
    armc: norm360(armc),
  };
}

function vertexOf(armc: number, latitude: number, eps: number): number {
  // Prime vertical (normal: the horizon's north point) crossed with the ecliptic, western side.
  const r = armc * DEG;
  const f = latitude * DEG;
  const nx = -Math.sin(f) * Math.cos(r);
  const ny = -Math.sin(f) * Math.sin(r);
  const nz = Math.cos(f);
  const se = Math.sin(eps * DEG);
  const ce = Math.cos(eps * DEG);
  let dx = ny * ce + nz * se;
  let dy = -nx * ce;
  let dz = -nx * se;
  if (-dx * Math.sin(r) + dy * Math.cos(r) > 0) {
    dx = -dx;
    dy = -dy;
    dz = -dz;
  }
  return norm360(Math.atan2(dy * ce + dz * se, dx) * RAD);
}

function porphyry(asc: number, mc: number): number[] {
  const cusps = new Array<number>(12);
  const q1 = norm360(asc - mc) / 3; // MC to ASC, houses 10..12
  const q2 = norm360(mc + 180 - asc) / 3; // ASC to IC, houses 1..3
  cusps[9] = mc;
  cusps[10] = norm360(mc + q1);
  cusps[11] = norm360(mc + 2 * q1);
  cusps[0] = asc;
  cusps[1] = norm360(asc + q2);
  cusps[2] = norm360(asc + 2 * q2);
  for (let i = 0; i < 6; i++) cusps[i + 3] = norm360(cusps[(i + 9) % 12]! + 180);
  return cusps;
}

/** Fills the western cusps (4..9) as opposites of the eastern ones. */
function withOpposites(c11: number, c12: number, asc: number, c2: number, c3: number, mc: number): number[] {
  const east = [asc, c2, c3];
  const cusps = new Array<number>(12);
  cusps[0] = asc;
  cusps[1] = c2;
  cusps[2] = c3;
  cusps[9] = mc;
  cusps[10] = c11;
  cusps[11] = c12;
  for (let i = 0; i < 3; i++) {
    cusps[i + 3] = norm360(cusps[(i + 9) % 12]! + 180);
    cusps[i + 6] = norm360(east[i]! + 180);
  }
  return cusps;
}

/** Placidus: each cusp sits where a point of the ecliptic has run a third or two thirds of its semi-arc. */
function placidus(armc: number, lat: number, eps: number, asc: number, mc: number): number[] | undefined {
  const tanPhi = Math.tan(lat * DEG);
  const sinEps = Math.sin(eps * DEG);
  const cosEps = Math.cos(eps * DEG);
  // For the ecliptic point at right ascension α, tan δ = tan ε · sin α, so the ascensional
  // difference needs only sin α: each step is one sine and one arcsine.
  const k = tanPhi * (sinEps / cosEps);
  const cusp = (fraction: number, nocturnal: boolean): number | undefined => {
    // Start from the equal division of the equator and iterate.
    let ra = nocturnal ? armc + 180 - fraction * 90 : armc + fraction * 90;
    for (let i = 0; ; i++) {
      const x = k * Math.sin(ra * DEG);
      if (Math.abs(x) >= 1 || i === 100) return undefined;
      const ad = Math.asin(x) * RAD;
      const next = nocturnal ? armc + 180 - fraction * (90 - ad) : armc + fraction * (90 + ad);
      const done = Math.abs(next - ra) < 1e-9;
      ra = next;
      if (done) break;
    }
    return norm360(Math.atan2(Math.sin(ra * DEG), Math.cos(ra * DEG) * cosEps) * RAD);
  };
  const c11 = cusp(1 / 3, false);
  const c12 = cusp(2 / 3, false);
  const c2 = cusp(2 / 3, true);
  const c3 = cusp(1 / 3, true);
  if (c11 === undefined || c12 === undefined || c2 === undefined || c3 === undefined) return undefined;
  return withOpposites(c11, c12, asc, c2, c3, mc);
}

/** Koch: trisects the semi-arc of the Midheaven's degree and casts each step with the local pole. */
function koch(armc: number, lat: number, eps: number, asc: number, mc: number): number[] | undefined {
  const dec = Math.asin(Math.sin(eps * DEG) * Math.sin(mc * DEG));
  const x = Math.tan(lat * DEG) * Math.tan(dec);
  if (Math.abs(x) >= 1) return undefined;
  const ad = Math.asin(x) * RAD;
  // Steps of a third of the Midheaven degree's diurnal semi-arc, from the moment it rose.
  const step = (90 + ad) / 3;
  const at = (k: number) => ascendantOf(armc - ad + k * step, lat, eps);
  return withOpposites(at(1), at(2), asc, at(4), at(5), mc);
}

/** Regiomontanus: equal arcs of the equator, cast through the north and south points. */
function regiomontanus(armc: number, lat: number, eps: number, asc: number, mc: number): number[] {
  const tanPhi = Math.tan(lat * DEG);
  const at = (h: number) => ascendantOf(armc + h, Math.atan(tanPhi * Math.sin(h * DEG)) * RAD, eps);
  return withOpposites(at(30), at(60), asc, at(120), at(150), mc);
}

/** Campanus: equal arcs of the prime vertical, cast through the north and south points. */
function campanus(armc: number, lat: number, eps: number, asc: number, mc: number): number[] {
  const r = armc * DEG;
  const f = lat * DEG;
  // Local frame in equatorial coordinates of date: zenith, east point, north point.
  const zx = Math.cos(f) * Math.cos(r);
  const zy = Math.cos(f) * Math.sin(r);
  const zz = Math.sin(f);
  const ex = -Math.sin(r);
  const ey = Math.cos(r);
  const nx = -Math.sin(f) * Math.cos(r);
  const ny = -Math.sin(f) * Math.sin(r);
  const nz = Math.cos(f);
  const se = Math.sin(eps * DEG);
  const ce = Math.cos(eps * DEG);
  const at = (a: number) => {
    // House circle through the north point and the prime-vertical point `a` degrees from the zenith.
    const px = Math.cos(a * DEG) * zx + Math.sin(a * DEG) * ex;
    const py = Math.cos(a * DEG) * zy + Math.sin(a * DEG) * ey;
    const pz = Math.cos(a * DEG) * zz;
    const hx = ny * pz - nz * py;
    const hy = nz * px - nx * pz;
    const hz = nx * py - ny * px;
    // Its intersection with the ecliptic (normal (0, -sin ε, cos ε)), on the eastern side.
    let dx = hy * ce + hz * se;
    let dy = -hx * ce;
    let dz = -hx * se;
    if (dx * ex + dy * ey < 0) {
      dx = -dx;
      dy = -dy;
      dz = -dz;
    }
    return norm360(Math.atan2(dy * ce + dz * se, dx) * RAD);
  };
  return withOpposites(at(30), at(60), asc, at(120), at(150), mc);
}

export function computeHouses(system: HouseSystem, angles: Angles, latitude: number, eps: number): Houses {
  const { armc, ascendant: asc, midheaven: mc } = angles;
  switch (system) {
    case 'equal':
      return {
        requested: system,
        system,
        cusps: Array.from({ length: 12 }, (_, i) => norm360(asc + 30 * i)),
      };
    case 'whole-sign': {
      const start = Math.floor(asc / 30) * 30;
      return {
        requested: system,
        system,
        cusps: Array.from({ length: 12 }, (_, i) => norm360(start + 30 * i)),
      };
    }
    case 'porphyry':
      return { requested: system, system, cusps: porphyry(asc, mc) };
    case 'regiomontanus':
    case 'campanus': {
      // Where the Ascendant was turned to the opposite point (see computeAngles), these space-based
      // systems keep their circles; as in the reference software, Regiomontanus then swaps every
      // house with its opposite and Campanus swaps only the angular cusps.
      const rawAsc = ascendantOf(armc + 90, latitude, eps);
      const turned = Math.abs(rawAsc - asc) > 90 && Math.abs(rawAsc - asc) < 270;
      const cusps = (system === 'regiomontanus' ? regiomontanus : campanus)(armc, latitude, eps, rawAsc, mc);
      if (!turned) return { requested: system, system, cusps };
      if (system === 'regiomontanus') {
        return { requested: system, system, cusps: cusps.map((_, i) => cusps[(i + 6) % 12]!) };
      }
      const swapped = [...cusps];
      for (const i of [0, 3]) {
        swapped[i] = cusps[i + 6]!;
        swapped[i + 6] = cusps[i]!;
      }
      return { requested: system, system, cusps: swapped };
    }
    case 'placidus':
    case 'koch': {
      // Beyond the polar circles some degrees of the ecliptic never rise or set, so these
      // time-based systems have no meaning there even when the arithmetic happens to succeed.
      const polar = Math.abs(latitude) >= 90 - eps;
      const cusps = polar
        ? undefined
        : (system === 'placidus' ? placidus : koch)(armc, latitude, eps, asc, mc);
      if (cusps) return { requested: system, system, cusps };
      return {
        requested: system,
        system: 'porphyry',
        fallbackReason: `${system === 'placidus' ? 'Placidus' : 'Koch'} houses are undefined at latitude ${latitude.toFixed(2)}°, beyond the polar circle, where part of the ecliptic never rises or sets; Porphyry houses are used instead.`,
        cusps: porphyry(asc, mc),
      };
    }
  }
}

/** House (1..12) that contains an ecliptic longitude, by the cusps. */
export function houseOf(longitude: number, cusps: readonly number[]): number {
  for (let i = 0; i < 12; i++) {
    const start = cusps[i]!;
    const width = norm360(cusps[(i + 1) % 12]! - start);
    if (norm360(longitude - start) < width) return i + 1;
  }
  return 1;
}
