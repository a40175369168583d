/**
 * Reads CHANGELOG.md (format described at the top of that file):
 *
 *   ## 0.1.2-beta — 2026-11-22
 *   - One change a person using the product would notice.
 *     An indented line continues the bullet above.
 *
 * Everything before the first `## ` heading is the file's own introduction and is skipped.
 * The parser never throws: lines it cannot place are reported as problems (a test keeps the real
 * file free of them) and the releases it could read are still returned, newest first.
 */

export interface Release {
  version: string;
  /** Calendar date of the release, `YYYY-MM-DD`. */
  date: string;
  changes: string[];
}

interface ChangelogProblem {
  /** 1-based line number in the source. */
  line: number;
  message: string;
}

export interface ParsedChangelog {
  releases: Release[];
  problems: ChangelogProblem[];
}

// Version and date separated by an em dash, en dash or hyphen surrounded by spaces.
const HEADING = /^##\s+(\S+)\s+[—–-]\s+(\S+)\s*$/;
const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*))?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const BULLET = /^[-*]\s+(.*\S)\s*$/;
const CONTINUATION = /^\s{2,}(\S.*?)\s*$/;

export function isValidDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Semantic-version order: 0.1.2-beta < 0.1.2 < 0.1.10. Invalid versions sort last. */
export function compareVersions(a: string, b: string): number {
  const left = SEMVER.exec(a);
  const right = SEMVER.exec(b);
  if (!left || !right) return left ? 1 : right ? -1 : 0;
  for (let part = 1; part <= 3; part += 1) {
    const difference = Number(left[part]) - Number(right[part]);
    if (difference !== 0) return Math.sign(difference);
  }
  return comparePrerelease(left[4], right[4]);
}

function comparePrerelease(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  // A release without a pre-release tag is newer than any pre-release of the same version.
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  const left = a.split('.');
  const right = b.split('.');
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const x = left[index];
    const y = right[index];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const xNumeric = /^\d+$/.test(x);
    const yNumeric = /^\d+$/.test(y);
    if (xNumeric && yNumeric) {
      const difference = Number(x) - Number(y);
      if (difference !== 0) return Math.sign(difference);
    } else if (xNumeric !== yNumeric) {
      return xNumeric ? -1 : 1;
    } else if (x !== y) {
      return x < y ? -1 : 1;
    }
  }
  return 0;
}

/** Newest date first; on the same day the higher version first. */
function compareReleasesNewestFirst(a: Release, b: Release): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return compareVersions(b.version, a.version);
}

export function parseChangelog(source: string): ParsedChangelog {
  const releases: Release[] = [];
  const problems: ChangelogProblem[] = [];
  const seen = new Set<string>();
  // `undefined` before the first heading; `null` inside a release that was rejected.
  let current: { release: Release; line: number } | null | undefined;

  const finish = () => {
    if (!current) return;
    if (current.release.changes.length === 0) {
      problems.push({ line: current.line, message: `Release ${current.release.version} lists no changes.` });
    } else {
      releases.push(current.release);
    }
  };

  source.split(/\r?\n/).forEach((text, index) => {
    const line = index + 1;
    if (text.startsWith('## ') || text === '##') {
      finish();
      current = readHeading(text, line, seen, problems);
      return;
    }
    if (current === undefined || current === null || text.trim() === '') return;

    const changes = current.release.changes;
    const bullet = BULLET.exec(text);
    const continuation = CONTINUATION.exec(text);
    if (bullet) {
      changes.push(bullet[1]!);
    } else if (continuation && changes.length > 0) {
      changes[changes.length - 1] = `${changes[changes.length - 1]} ${continuation[1]}`;
    } else {
      problems.push({ line, message: 'Expected a bullet point ("- ...") under a release heading.' });
    }
  });
  finish();

  releases.sort(compareReleasesNewestFirst);
  problems.sort((a, b) => a.line - b.line);
  return { releases, problems };
}

function readHeading(
  text: string,
  line: number,
  seen: Set<string>,
  problems: ChangelogProblem[],
): { release: Release; line: number } | null {
  const match = HEADING.exec(text);
  if (!match) {
    problems.push({ line, message: 'A release heading reads "## <version> — <YYYY-MM-DD>".' });
    return null;
  }
  const version = match[1]!;
  const date = match[2]!;
  if (!SEMVER.test(version)) {
    problems.push({ line, message: `"${version}" is not a version like 1.2.3 or 1.2.3-beta.` });
    return null;
  }
  if (!isValidDate(date)) {
    problems.push({ line, message: `"${date}" is not a calendar date written YYYY-MM-DD.` });
    return null;
  }
  if (seen.has(version)) {
    problems.push({ line, message: `Release ${version} appears more than once.` });
    return null;
  }
  seen.add(version);
  return { release: { version, date, changes: [] }, line };
}
