import { describe, expect, it } from 'vitest';
import { checkFile, checkRepository, countLines, MAX_LINES } from './check-file-length.ts';

const lines = (n: number) => 'const x = 1;\n'.repeat(n);

describe('check-file-length', () => {
  it('counts lines as an editor shows them', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('a')).toBe(1);
    expect(countLines('a\n')).toBe(1);
    expect(countLines('a\nb')).toBe(2);
    expect(countLines(lines(3))).toBe(3);
  });

  it('catches a source file over the limit, with its count, and lets one at the limit pass', () => {
    const file = 'apps/server/src/modules/birth-data/service.ts';
    expect(checkFile(file, lines(MAX_LINES + 1))).toEqual({ file, lines: MAX_LINES + 1 });
    expect(checkFile(file, lines(MAX_LINES))).toBeNull();
    for (const other of [
      'apps/web/src/app.tsx',
      'packages/astro/bin/astro.js',
      'x.mjs',
      'apps/web/src/styles.css',
    ]) {
      expect(checkFile(other, lines(MAX_LINES + 30))).toEqual({ file: other, lines: MAX_LINES + 30 });
    }
  });

  it('exempts generated files, the legal texts and files that are not source', () => {
    const long = lines(MAX_LINES * 3);
    expect(checkFile('packages/astro/src/time/zone-data.generated.ts', long)).toBeNull();
    expect(checkFile('packages/astro/src/generated/zones.ts', long)).toBeNull();
    expect(checkFile('apps/web/src/features/legal/content/privacy-policy.ts', long)).toBeNull();
    expect(checkFile('package-lock.json', long)).toBeNull();
    expect(checkFile('docs/decisions/0180-daily-landscape.md', long)).toBeNull();
    // Only the legal content folder is exempt, not the rest of the legal feature.
    const page = 'apps/web/src/features/legal/components/legal-page.tsx';
    expect(checkFile(page, long)).toEqual({ file: page, lines: MAX_LINES * 3 });
  });

  it('finds no tracked source file over the limit in the repository', () => {
    expect(checkRepository()).toEqual([]);
  });
});
