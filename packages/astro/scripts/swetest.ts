// Runs the Swiss Ephemeris command-line tool (swetest, a test reference only) for the fixture
// scripts: comma-separated output, Swiss ephemeris files from Debian's swe-data packages.
import { execFileSync } from 'node:child_process';

export const JD_1900 = 2415020.5;
export const JD_2100 = 2488069.5;

/** Park–Miller generator: the same seed gives the same fixture. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

export function swetestRaw(args: string[]): string {
  return execFileSync('swetest', [...args, '-head', '-eswe', '-g,', '-edir/usr/share/libswe/ephe'], {
    encoding: 'utf8',
  });
}

/** One row of numbers per output line; lines reporting a failure are dropped. */
export function swetest(args: string[]): number[][] {
  return swetestRaw(args)
    .trim()
    .split('\n')
    .filter((line) => !/failed/i.test(line))
    .map((line) => line.split(',').map((f) => Number(f.trim())));
}

export function swetestVersion(): string {
  return execFileSync('swetest', ['-h'], { encoding: 'utf8' }).match(/Version: (\S+)/)?.[1] ?? 'unknown';
}
