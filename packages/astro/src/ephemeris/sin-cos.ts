// Sine and cosine for the series' inner loops (VSOP87 and ELP/MPP02, thousands of terms a chart):
// Math.sin and Math.cos cost about twice these, and a term's value and rate need both of one
// angle. The angle is reduced by a multiple of π/2 (π/2 in three parts, exact for the series'
// phases, which stay under 10⁵ radians) and both come from their Taylor series on [−π/4, π/4].
// Within 1e-11 of Math.sin and Math.cos (test/sin-cos.test.ts): under 1e-6″ on the largest term
// (22,640″), a hundred thousand times below the 0.1″ a position is shown to.

const INVERSE_HALF_PI = 0.6366197723675814;
const HALF_PI_1 = 1.5707963267341256;
const HALF_PI_2 = 6.077100506506192e-11;
const HALF_PI_3 = 2.0222662487959506e-21;

/** The quadrant of x: the nearest multiple of π/2 (only its last two bits are used). */
const quarterTurns = (x: number) => Math.round(x * INVERSE_HALF_PI);

/** x less k·π/2. */
const remainder = (x: number, k: number) => x - k * HALF_PI_1 - k * HALF_PI_2 - k * HALF_PI_3;

/** sin r for |r| ≤ π/4, z = r², to r¹¹: the next term is under 7e-12. */
const sinNear = (r: number, z: number) =>
  r + r * z * (-1 / 6 + z * (1 / 120 + z * (-1 / 5040 + z * (1 / 362880 - z / 39916800))));

/** cos r for |r| ≤ π/4, z = r², to r¹²: the next term is under 4e-13. */
const cosNear = (z: number) =>
  1 + z * (-0.5 + z * (1 / 24 + z * (-1 / 720 + z * (1 / 40320 + z * (-1 / 3628800 + z / 479001600)))));

/** Where sinCos leaves its answer: [0] the sine, [1] the cosine. */
export const sinCosOut = new Float64Array(2);

// Per quadrant, the sine and cosine as combinations of the reduced angle's: table look-ups instead
// of a branch the processor cannot predict (the series' angles fall in any quadrant).
const SIN_OF_S = new Float64Array([1, 0, -1, 0]);
const SIN_OF_C = new Float64Array([0, 1, 0, -1]);

export function sinCos(x: number): void {
  const k = quarterTurns(x);
  const r = remainder(x, k);
  const z = r * r;
  const s = sinNear(r, z);
  const c = cosNear(z);
  const q = k & 3;
  const a = SIN_OF_S[q]!;
  const b = SIN_OF_C[q]!;
  // sin(x) = a·s + b·c and cos(x) = a·c − b·s in every quadrant.
  sinCosOut[0] = a * s + b * c;
  sinCosOut[1] = a * c - b * s;
}

export function sine(x: number): number {
  const k = quarterTurns(x);
  const r = remainder(x, k);
  const z = r * r;
  const q = k & 3;
  return SIN_OF_S[q]! * sinNear(r, z) + SIN_OF_C[q]! * cosNear(z);
}

export function cosine(x: number): number {
  const k = quarterTurns(x);
  const r = remainder(x, k);
  const z = r * r;
  const q = k & 3;
  return SIN_OF_S[q]! * cosNear(z) - SIN_OF_C[q]! * sinNear(r, z);
}
