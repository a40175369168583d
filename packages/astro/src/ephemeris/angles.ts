export const DEG = Math.PI / 180;
export const RAD = 180 / Math.PI;

/** Normalises degrees into [0, 360). */
export function norm360(x: number): number {
  const r = x % 360;
  return r < 0 ? r + 360 : r === 360 ? 0 : r;
}

/** Signed difference a − b folded into (−180, 180]. */
export function signedDelta(a: number, b: number): number {
  let d = (a - b) % 360;
  if (d <= -180) d += 360;
  else if (d > 180) d -= 360;
  return d;
}
