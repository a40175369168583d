// Jupiter to Pluto, 1800–2200: barycentric states from Chebyshev series fitted to the Swiss
// Ephemeris (DE431), accurate to about 0.001″; outside that span the caller falls back to VSOP87
// (and astronomy-engine for Pluto). See docs/decisions/0202-outer-planet-chebyshev.md.
import { Body } from 'astronomy-engine';
import { type ChebyshevEphemeris, chebyshevState } from './chebyshev.ts';
import type { StateLike } from './instant.ts';
import { JUPITER, NEPTUNE, PLUTO, SATURN, URANUS } from './outer-planets.generated.ts';

const SERIES: Partial<Record<Body, ChebyshevEphemeris>> = {
  [Body.Jupiter]: JUPITER,
  [Body.Saturn]: SATURN,
  [Body.Uranus]: URANUS,
  [Body.Neptune]: NEPTUNE,
  [Body.Pluto]: PLUTO,
};

/** Barycentric position (AU) and velocity (AU/day), J2000 equator, at a TT Julian day. */
export function outerBarycentric(body: Body, jdTt: number): StateLike | undefined {
  const series = SERIES[body];
  return series && chebyshevState(series, jdTt);
}
