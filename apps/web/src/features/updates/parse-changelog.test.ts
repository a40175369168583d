import { APP_VERSION_LABEL } from '@app/contracts/constants.ts';
import { describe, expect, test } from 'vitest';
import { CHANGELOG_SOURCE } from './changelog-source.ts';
import { compareVersions, isValidDate, parseChangelog } from './parse-changelog.ts';

describe('parseChangelog', () => {
  test('reads one release with its changes and skips the introduction', () => {
    const { releases, problems } = parseChangelog(
      [
        '# Changelog',
        '',
        'Introductory text, even with - dashes',
        '- or a bullet, belongs to no release.',
        '',
        '## 0.1.0 — 2026-01-05',
        '',
        '- First change.',
        '* Second change,',
        '  continued on the next line.',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(releases).toEqual([
      {
        version: '0.1.0',
        date: '2026-01-05',
        changes: ['First change.', 'Second change, continued on the next line.'],
      },
    ]);
  });

  test('orders several releases newest first whatever their order in the file', () => {
    const { releases, problems } = parseChangelog(
      ['## 0.1.0 — 2026-01-05', '- a', '## 0.3.0 – 2026-03-01', '- c', '## 0.2.0 - 2026-02-10', '- b'].join(
        '\n',
      ),
    );
    expect(problems).toEqual([]);
    expect(releases.map((release) => release.version)).toEqual(['0.3.0', '0.2.0', '0.1.0']);
    expect(releases.map((release) => release.changes)).toEqual([['c'], ['b'], ['a']]);
  });

  test('on the same day the higher version comes first, a final release above its beta', () => {
    const { releases } = parseChangelog(
      [
        '## 1.0.0-beta — 2026-05-01',
        '- beta',
        '## 1.0.0 — 2026-05-01',
        '- final',
        '## 0.9.9 — 2026-05-01',
        '- old',
      ].join('\n'),
    );
    expect(releases.map((release) => release.version)).toEqual(['1.0.0', '1.0.0-beta', '0.9.9']);
  });

  test('accepts Windows line endings', () => {
    const { releases, problems } = parseChangelog('## 0.1.0 — 2026-01-05\r\n- a\r\n- b\r\n');
    expect(problems).toEqual([]);
    expect(releases[0]?.changes).toEqual(['a', 'b']);
  });

  test('reports a malformed heading with its line and leaves out that release only', () => {
    const { releases, problems } = parseChangelog(
      ['## 0.2.0 2026-02-10', '- lost', '## 0.1.0 — 2026-01-05', '- kept'].join('\n'),
    );
    expect(releases.map((release) => release.version)).toEqual(['0.1.0']);
    expect(problems).toEqual([{ line: 1, message: expect.stringContaining('## <version> — <YYYY-MM-DD>') }]);
  });

  test('reports versions that are not semantic versions and dates that do not exist', () => {
    const { releases, problems } = parseChangelog(
      ['## v1 — 2026-01-05', '- a', '## 1.0.0 — 2026-02-30', '- b', '## 1.0.1 — 22/11/2026', '- c'].join(
        '\n',
      ),
    );
    expect(releases).toEqual([]);
    expect(problems.map((problem) => problem.line)).toEqual([1, 3, 5]);
    expect(problems[0]?.message).toContain('"v1"');
    expect(problems[1]?.message).toContain('"2026-02-30"');
    expect(problems[2]?.message).toContain('"22/11/2026"');
  });

  test('reports a version listed twice and keeps the first', () => {
    const { releases, problems } = parseChangelog(
      ['## 0.1.0 — 2026-01-05', '- first', '## 0.1.0 — 2026-01-06', '- second'].join('\n'),
    );
    expect(releases).toEqual([{ version: '0.1.0', date: '2026-01-05', changes: ['first'] }]);
    expect(problems).toEqual([{ line: 3, message: 'Release 0.1.0 appears more than once.' }]);
  });

  test('reports a release without changes and stray text inside a release', () => {
    const { releases, problems } = parseChangelog(
      ['## 0.2.0 — 2026-02-10', '', '## 0.1.0 — 2026-01-05', 'Plain prose here.', '- kept'].join('\n'),
    );
    expect(releases.map((release) => release.version)).toEqual(['0.1.0']);
    expect(problems).toEqual([
      { line: 1, message: 'Release 0.2.0 lists no changes.' },
      { line: 4, message: expect.stringContaining('Expected a bullet point') },
    ]);
  });

  test('an indented line before any bullet is a problem, not a change', () => {
    const { releases, problems } = parseChangelog(['## 0.1.0 — 2026-01-05', '  dangling', '- a'].join('\n'));
    expect(releases[0]?.changes).toEqual(['a']);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.line).toBe(2);
  });

  test('empty or heading-less input gives no releases and no problems', () => {
    expect(parseChangelog('')).toEqual({ releases: [], problems: [] });
    expect(parseChangelog('# Changelog\n\nNothing yet.')).toEqual({ releases: [], problems: [] });
  });
});

describe('compareVersions', () => {
  test('orders by number, not by text, with pre-releases before their release', () => {
    const sorted = [
      '0.1.10',
      '0.1.2',
      '0.1.2-beta',
      '0.1.2-alpha.2',
      '0.1.2-alpha.10',
      '0.1.2-alpha',
      '1.0.0',
    ].sort(compareVersions);
    expect(sorted).toEqual([
      '0.1.2-alpha',
      '0.1.2-alpha.2',
      '0.1.2-alpha.10',
      '0.1.2-beta',
      '0.1.2',
      '0.1.10',
      '1.0.0',
    ]);
  });
});

describe('isValidDate', () => {
  test('accepts real dates only', () => {
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2026-02-29')).toBe(false);
    expect(isValidDate('2026-13-01')).toBe(false);
    expect(isValidDate('2026-1-01')).toBe(false);
  });
});

describe('the CHANGELOG.md kept in the repository', () => {
  test('parses without problems and its newest release is the version the app reports', () => {
    const { releases, problems } = parseChangelog(CHANGELOG_SOURCE);
    expect(problems).toEqual([]);
    expect(releases[0]?.version).toBe(APP_VERSION_LABEL);
  });
});
