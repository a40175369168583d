// Checks the library against the catalogue: which entries exist (coverage per kind) and what is
// wrong with the ones that do (missing parts, too few variants, text that breaks the style guide).
import {
  ASPECT_KEYS,
  BALANCE_SIDES,
  ELEMENTS,
  FREQUENT_TRANSITING,
  HOUSE_KEYS,
  HOUSED_POINTS,
  MIN_VARIANTS,
  MODALITIES,
  MOON_PHASE_KEYS,
  POINTS,
  pointPairs,
  RETURNS,
  SIGN_KEYS,
  SLOW_PLANETS,
  STATIONING,
  SYNASTRY_HOUSED,
  synastryPairs,
  TRANSITING,
} from './catalogue.ts';
import { entryAt, type LibraryFiles } from './library.ts';

export interface KindCoverage {
  kind: string;
  covered: number;
  possible: number;
}

export interface LibraryReport {
  coverage: KindCoverage[];
  problems: string[];
  /** Every sentence of the library, for the duplicate check and word counts. */
  words: number;
}

const MAX_WORDS = 48;
/** Words the style guide rules out: fate, diagnosis, money and legal advice. */
const RULED_OUT = [
  /\bdoomed\b/i,
  /\binevitabl/i,
  /\bdestined to\b/i,
  /\bdiagnos/i,
  /\bmedication\b/i,
  /\binvest(?:ing|ment)?s?\b/i,
  /\blawyer\b/i,
  /\blawsuit\b/i,
  /\{|\}/,
];

const READING_PARTS = ['about', 'feel', 'do'] as const;

export function checkLibrary(files: LibraryFiles): LibraryReport {
  const problems: string[] = [];
  const coverage: KindCoverage[] = [];
  const seen = new Map<string, string>();
  let words = 0;

  const checkText = (where: string, text: unknown) => {
    if (typeof text !== 'string' || text.trim() === '') {
      problems.push(`${where}: missing text`);
      return false;
    }
    const count = text.split(/\s+/).length;
    words += count;
    if (count > MAX_WORDS) problems.push(`${where}: ${count} words (at most ${MAX_WORDS})`);
    if (!/[.!?]["”’)]?$/.test(text.trim())) problems.push(`${where}: does not end a sentence`);
    for (const pattern of RULED_OUT)
      if (pattern.test(text)) problems.push(`${where}: "${pattern.source}" is ruled out`);
    const key = text
      .toLowerCase()
      .replace(/[^a-z]+/g, ' ')
      .trim();
    const first = seen.get(key);
    if (first) problems.push(`${where}: the same text as ${first}`);
    else seen.set(key, where);
    return true;
  };
  const checkReading = (where: string, reading: unknown, extra: readonly string[] = []) => {
    if (reading === null || typeof reading !== 'object') return false;
    const r = reading as Record<string, unknown>;
    let ok = true;
    for (const part of [...READING_PARTS, ...extra]) ok = checkText(`${where}.${part}`, r[part]) && ok;
    if (ok && !READING_PARTS.some((part) => /\byou(r|rs|rself)?\b/i.test(String(r[part]))))
      problems.push(`${where}: not written to "you"`);
    return ok;
  };
  const checkLines = (where: string, lines: unknown, min: number) => {
    if (!Array.isArray(lines) || lines.length < min) {
      problems.push(`${where}: needs at least ${min} lines`);
      return false;
    }
    return lines.every((line, i) => checkText(`${where}[${i}]`, line));
  };
  const checkVariants = (where: string, entry: unknown, min: number) => {
    const variants = (entry as { variants?: unknown } | undefined)?.variants;
    if (!Array.isArray(variants) || variants.length < min) {
      problems.push(`${where}: needs at least ${min} variants`);
      return false;
    }
    return variants.every((v, i) => checkReading(`${where}.variants[${i}]`, v));
  };
  const checkTransit = (where: string, entry: unknown, min: number) => {
    let ok = checkVariants(where, entry, min);
    for (const phase of ['building', 'exact', 'easing'])
      ok = checkLines(`${where}.${phase}`, (entry as Record<string, unknown>)[phase], 2) && ok;
    return ok;
  };

  /** Counts one kind: each key path present and well formed is covered. */
  const kind = (
    name: string,
    paths: [string, string[]][],
    check: (where: string, entry: unknown) => boolean,
  ) => {
    let covered = 0;
    for (const [file, keys] of paths) {
      const entry = entryAt<unknown>(files, file, ...keys);
      const where = `${file}: ${keys.join('.')}`;
      if (entry === undefined) continue;
      if (check(where, entry)) covered++;
    }
    coverage.push({ kind: name, covered, possible: paths.length });
  };
  const each = <A, B>(as: readonly A[], bs: readonly B[]) =>
    as.flatMap((a) => bs.map((b) => [a, b] as const));
  const reading = (where: string, entry: unknown) => checkReading(where, entry);

  kind(
    'natal: point in sign',
    each(POINTS, SIGN_KEYS).map(([p, s]) => [`natal/signs/${p}`, [s]]),
    reading,
  );
  kind(
    'natal: point in house',
    each(HOUSED_POINTS, HOUSE_KEYS).map(([p, h]) => [`natal/houses/${p}`, [h]]),
    reading,
  );
  kind(
    'natal: aspect between two points',
    pointPairs().flatMap(([a, b]) =>
      ASPECT_KEYS.map((k): [string, string[]] => [`natal/aspects/${a}`, [b, k]]),
    ),
    (where, entry) => checkReading(where, entry, ['tight']),
  );
  kind(
    'natal: chart ruler (by rising sign)',
    SIGN_KEYS.map((s) => ['natal/chart-ruler', [s]]),
    reading,
  );
  kind(
    'natal: element and modality balance',
    [
      ...each(ELEMENTS, BALANCE_SIDES).map(([e, s]): [string, string[]] => [
        'natal/balance',
        ['elements', e, s],
      ]),
      ...each(MODALITIES, BALANCE_SIDES).map(([m, s]): [string, string[]] => [
        'natal/balance',
        ['modalities', m, s],
      ]),
    ],
    reading,
  );
  kind(
    'natal: Moon phase at birth',
    MOON_PHASE_KEYS.map((p) => ['natal/moon-phase', [p]]),
    reading,
  );
  kind(
    'natal: retrograde planet',
    STATIONING.map((p) => ['natal/retrograde', [p]]),
    reading,
  );
  kind(
    'natal: empty house',
    HOUSE_KEYS.map((h) => ['natal/empty-house', [h]]),
    reading,
  );
  kind(
    'transit: body to natal point (building, exact, easing)',
    TRANSITING.filter((b) => b !== 'moon').flatMap((b) =>
      each(POINTS, ASPECT_KEYS).map(([p, k]): [string, string[]] => [`transits/${b}`, [p, k]]),
    ),
    (where, entry) =>
      checkTransit(
        where,
        entry,
        FREQUENT_TRANSITING.some((b) => where.startsWith(`transits/${b}:`))
          ? MIN_VARIANTS.frequentTransit
          : MIN_VARIANTS.transit,
      ),
  );
  kind(
    'transit: the Moon to natal point',
    each(POINTS, ASPECT_KEYS).map(([p, k]) => ['transits/moon', [p, k]]),
    (where, entry) => checkTransit(where, entry, MIN_VARIANTS.moonTransit),
  );
  kind(
    'transit: slow planet through a natal house',
    each(SLOW_PLANETS, HOUSE_KEYS).map(([b, h]) => ['transits/houses', [b, h]]),
    (where, entry) => checkVariants(where, entry, MIN_VARIANTS.transit),
  );
  kind(
    'transit: return',
    RETURNS.map((r) => ['transits/returns', [r]]),
    (where, entry) => checkTransit(where, entry, MIN_VARIANTS.transit),
  );
  kind(
    'transit: station on a natal point',
    each(STATIONING, POINTS).map(([b, p]) => ['transits/stations', [b, p]]),
    (where, entry) =>
      checkVariants(where, entry, MIN_VARIANTS.transit) &&
      checkLines(`${where}.retrograde`, (entry as Record<string, unknown>).retrograde, 1) &&
      checkLines(`${where}.direct`, (entry as Record<string, unknown>).direct, 1),
  );
  kind(
    'transit: New and Full Moon in a natal house',
    each(['new', 'full'], HOUSE_KEYS).map(([l, h]) => ['moon/lunations', [l, h]]),
    (where, entry) => checkVariants(where, entry, MIN_VARIANTS.transit),
  );
  kind(
    'the Moon of the day: sign',
    SIGN_KEYS.map((s) => ['moon/signs', [s]]),
    (where, entry) => checkVariants(where, entry, MIN_VARIANTS.moonDay),
  );
  kind(
    'the Moon of the day: phase',
    MOON_PHASE_KEYS.map((p) => ['moon/phases', [p]]),
    (where, entry) => checkVariants(where, entry, MIN_VARIANTS.moonDay),
  );
  kind('the Moon of the day: void of course', [['moon/void', []]], (where, entry) =>
    checkVariants(where, entry, MIN_VARIANTS.voidOfCourse),
  );
  kind(
    'synastry: a point of one chart in aspect to a point of the other',
    synastryPairs().flatMap(([a, b]) =>
      ASPECT_KEYS.map((k): [string, string[]] => [`synastry/aspects/${a}`, [b, k]]),
    ),
    (where, entry) => checkVariants(where, entry, MIN_VARIANTS.synastry),
  );
  kind(
    "synastry: a planet in the other person's house",
    each(SYNASTRY_HOUSED, HOUSE_KEYS).map(([p, h]) => [`synastry/houses/${p}`, [h]]),
    (where, entry) => checkVariants(where, entry, MIN_VARIANTS.synastry),
  );
  return { coverage, problems, words };
}
