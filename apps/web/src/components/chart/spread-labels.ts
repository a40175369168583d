// Places labels around a circle so that no two are closer than a minimum gap, moving each as
// little as it can: labels that would collide are grouped, and each group is laid out evenly
// around the mean of its members' true angles. Groups that then touch merge, until none do.

interface Group {
  /** Indexes into the sorted input, in order. */
  members: number[];
  /** Sum of the members' (unrolled) true angles, for the mean. */
  sum: number;
}

/** Angle in [0, 360). */
export function norm360(angle: number): number {
  const a = angle % 360;
  return a < 0 ? a + 360 : a;
}

/** Shortest distance between two angles on the circle, 0..180. */
export function circularDistance(a: number, b: number): number {
  const d = Math.abs(norm360(a) - norm360(b));
  return d > 180 ? 360 - d : d;
}

const start = (group: Group, gap: number) =>
  group.sum / group.members.length - ((group.members.length - 1) * gap) / 2;
const end = (group: Group, gap: number) => start(group, gap) + (group.members.length - 1) * gap;

function mergeLinear(groups: Group[], gap: number): Group[] {
  const out: Group[] = [];
  for (const group of groups) {
    out.push({ members: [...group.members], sum: group.sum });
    // A new group can push into the one before it, which can then reach the one before that.
    while (out.length > 1) {
      const last = out[out.length - 1]!;
      const previous = out[out.length - 2]!;
      if (end(previous, gap) + gap <= start(last, gap) + 1e-9) break;
      out.splice(out.length - 2, 2, {
        members: [...previous.members, ...last.members],
        sum: previous.sum + last.sum,
      });
    }
  }
  return out;
}

/**
 * Display angles (degrees, [0, 360)) for labels at `angles`, in the input's order. Any two results
 * are at least `minGap` apart around the circle (or 360/n when n labels cannot fit), and the
 * labels keep their circular order.
 */
export function spreadLabels(angles: readonly number[], minGap: number): number[] {
  const n = angles.length;
  if (n === 0) return [];
  if (n === 1) return [norm360(angles[0]!)];
  const gap = Math.min(minGap, 360 / n);
  const order = angles
    .map((angle, index) => ({ angle: norm360(angle), index }))
    .sort((a, b) => a.angle - b.angle);

  // Unroll the circle at its widest empty stretch, where a crossing is least likely.
  let cut = 0;
  let widest = -1;
  for (let i = 0; i < n; i++) {
    const next = i === n - 1 ? order[0]!.angle + 360 : order[i + 1]!.angle;
    const space = next - order[i]!.angle;
    if (space > widest) {
      widest = space;
      cut = (i + 1) % n;
    }
  }
  const unrolled: number[] = [];
  for (let k = 0; k < n; k++) {
    const item = order[(cut + k) % n]!;
    unrolled.push(k > 0 && item.angle < unrolled[k - 1]! ? item.angle + 360 : item.angle);
  }

  let groups = mergeLinear(
    unrolled.map((angle, k) => ({ members: [k], sum: angle })),
    gap,
  );
  // The first and last groups may still meet across the cut: move the first group to the end
  // (one turn on) and merge again, until the two ends are far enough apart.
  for (let guard = 0; guard < n && groups.length > 1; guard++) {
    const first = groups[0]!;
    const last = groups[groups.length - 1]!;
    if (start(first, gap) + 360 - end(last, gap) >= gap - 1e-9) break;
    groups = mergeLinear(
      [...groups.slice(1), { members: first.members, sum: first.sum + 360 * first.members.length }],
      gap,
    );
  }

  const result = new Array<number>(n);
  for (const group of groups) {
    const from = start(group, gap);
    group.members.forEach((k, position) => {
      result[order[(cut + k) % n]!.index] = norm360(from + position * gap);
    });
  }
  return result;
}
