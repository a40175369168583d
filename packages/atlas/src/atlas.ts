import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { ByteCursor, compactRanges, countLines, findSections, forEachLine, TAB } from './atlas-text.ts';
import { ATLAS_FORMAT_VERSION, DEFAULT_ATLAS_FILE, type SectionName } from './format.ts';
import { foldName } from './normalize.ts';

/** One place of the atlas, as search and lookup return it. */
export interface AtlasPlace {
  /** GeoNames id: stable across atlas rebuilds, so it can be stored with birth data. */
  id: number;
  name: string;
  /** First-level division (state, province, county...); null where the country has none. */
  region: string | null;
  /** English country name. */
  country: string;
  /** ISO 3166-1 alpha-2 code. */
  countryCode: string;
  lat: number;
  lon: number;
  population: number;
  /** IANA zone whose history is right for this place before 1970 too. */
  timeZone: string;
}

export interface AtlasSearchOptions {
  /** ISO 3166-1 alpha-2 code, any case. */
  country?: string;
  /** Most results wanted; default 10. */
  limit?: number;
}

export interface AtlasStats {
  places: number;
  keys: number;
  countries: number;
  regions: number;
  zones: number;
  source: string;
}

// Population times a weight for how the query matched. A whole-name match outranks places ten
// times larger that only start with the query, so "Bath" finds Bath before Bathinda while "Ba"
// still lists the big cities first. Alternate names (other languages, former names) count for
// less, and barely at all when only their start matches: "Sao Paulo" should not rank Luanda,
// once "São Paulo da Assunção de Loanda", above the Brazilian towns named São Paulo.
const WEIGHT_EXACT_NAME = 10;
const WEIGHT_EXACT_ALTERNATE = 2;
const WEIGHT_NAME_PREFIX = 1;
const WEIGHT_ALTERNATE_PREFIX = 0.05;
// Weak matches are dropped rather than ranked. Once the query is a whole name of some place,
// an alternate name that merely goes on with more words ("Sao Paulo" in Luanda's former
// "São Paulo da Assunção de Loanda", "New York" in Pittsburg's "New York of the Pacific") is
// another place's description, not what was typed. And an alternate name scoring under a
// thousandth of the best whole-name match is a stray record (Clinton, Wisconsin, listed as
// "New York" next to New York City); big places known by that name ("Roma" for Rome) stay.
const ALTERNATE_FLOOR_RATIO = 1 / 1000;
const SPACE = 0x20;
// Greater than every byte of UTF-8 text: query + 0xff bounds all keys starting with the query.
const AFTER_ANY_TEXT = 0xff;

// Queries of one or two letters match tens of thousands of keys; their answers are remembered
// (per country filter) so that typing the first letters into the autocomplete stays fast.
const MEMO_MAX_NEEDLE_LENGTH = 2;
const MEMO_LIMIT = 20;
const MEMO_MAX_ENTRIES = 5000;

// Keys are grouped in blocks of 64 with the best score any key of the block could reach as a
// prefix match; once the list of best matches is full, whole blocks that cannot beat its last
// entry are skipped. Keys equal to the query (whole-name matches) sort before the keys that only
// start with it, so they are all scored before any skipping. Short queries match tens of
// thousands of keys, mostly of small places, so most blocks go.
const BLOCK_SHIFT = 6;
const BLOCK_SIZE = 1 << BLOCK_SHIFT;

interface Candidate {
  place: number;
  score: number;
}

/**
 * The world atlas in memory. Names and search keys live in one buffer of text; places and the
 * sorted keys are typed arrays (offsets into it, numbers), which keeps 200,000 places and 580,000
 * keys in about 30 MB and makes a search a binary search plus a scan of the matches.
 */
export class Atlas {
  readonly source: string;
  private readonly text: Buffer;
  private readonly countryCodes: string[] = [];
  private readonly countryNames: string[] = [];
  private readonly countryFolded: string[] = [];
  private readonly countryByCode = new Map<string, number>();
  private readonly regionNames: string[] = [];
  private readonly regionFolded: string[] = [];
  /** GeoNames admin1 codes, lower case: for the US these are the postal codes ("il", "tx"). */
  private readonly regionCodes: string[] = [];
  private readonly zones: string[] = [];
  private readonly memo = new Map<string, number[]>();

  private readonly placeIds: Uint32Array;
  private readonly placeNameStart: Uint32Array;
  private readonly placeNameEnd: Uint32Array;
  private readonly placeCountry: Uint16Array;
  /** Region index + 1; 0 = no region. */
  private readonly placeRegion: Uint32Array;
  private readonly placeLat: Float64Array;
  private readonly placeLon: Float64Array;
  private readonly placePopulation: Uint32Array;
  private readonly placeZone: Uint16Array;

  private readonly keyStart: Uint32Array;
  private readonly keyEnd: Uint32Array;
  private readonly keyPlace: Uint32Array;
  /** 1 where the key is an alternate name rather than the place's own. */
  private readonly keyAlternate: Uint8Array;
  /** Highest score any key of each block of BLOCK_SIZE keys can reach as a prefix match. */
  private readonly blockBest: Float64Array;

  constructor(text: Buffer) {
    const sections = findSections(text);
    const lines = (name: SectionName) => {
      const out: string[] = [];
      forEachLine(text, sections[name], (start, end) => out.push(text.toString('utf8', start, end)));
      return out;
    };

    const [version = '', source = ''] = (lines('atlas')[0] ?? '').split('\t');
    if (version !== ATLAS_FORMAT_VERSION) {
      throw new Error(`Atlas file has format "${version}", expected "${ATLAS_FORMAT_VERSION}": rebuild it`);
    }
    this.source = source;

    for (const record of lines('countries')) {
      const [code = '', name = ''] = record.split('\t');
      this.countryByCode.set(code, this.countryCodes.length);
      this.countryCodes.push(code);
      this.countryNames.push(name);
      this.countryFolded.push(foldName(name));
    }
    for (const record of lines('regions')) {
      const name = record.split('\t')[2] ?? '';
      this.regionNames.push(name);
      this.regionFolded.push(foldName(name));
      this.regionCodes.push((record.split('\t')[1] ?? '').toLowerCase());
    }
    this.zones.push(...lines('zones'));

    const n = countLines(text, sections.places);
    this.placeIds = new Uint32Array(n);
    this.placeNameStart = new Uint32Array(n);
    this.placeNameEnd = new Uint32Array(n);
    this.placeCountry = new Uint16Array(n);
    this.placeRegion = new Uint32Array(n);
    this.placeLat = new Float64Array(n);
    this.placeLon = new Float64Array(n);
    this.placePopulation = new Uint32Array(n);
    this.placeZone = new Uint16Array(n);
    // Hand-rolled byte scanning: a native call per field would make loading several times slower.
    const cursor = new ByteCursor(text, sections.places.start);
    for (let i = 0; i < n; i++) {
      cursor.skipBlankLines();
      this.placeIds[i] = cursor.uint();
      this.placeNameStart[i] = cursor.pos;
      this.placeNameEnd[i] = cursor.skipField();
      this.placeCountry[i] = cursor.uint();
      // An empty region field stores 0; region k is stored as k + 1.
      if (cursor.atTab()) {
        cursor.skipField();
        this.placeRegion[i] = 0;
      } else {
        this.placeRegion[i] = cursor.uint() + 1;
      }
      this.placeLat[i] = cursor.decimal();
      this.placeLon[i] = cursor.decimal();
      this.placePopulation[i] = cursor.uint();
      this.placeZone[i] = cursor.uint();
      cursor.endLine();
    }

    const keyCount = countLines(text, sections.keys);
    this.keyStart = new Uint32Array(keyCount);
    this.keyEnd = new Uint32Array(keyCount);
    this.keyPlace = new Uint32Array(keyCount);
    this.keyAlternate = new Uint8Array(keyCount);
    cursor.pos = sections.keys.start;
    for (let k = 0; k < keyCount; k++) {
      cursor.skipBlankLines();
      this.keyStart[k] = cursor.pos;
      this.keyEnd[k] = cursor.skipField();
      const place = cursor.uint();
      if (place >= n) throw new Error(`Atlas key line ${k} names place ${place}, which does not exist`);
      this.keyPlace[k] = place;
      this.keyAlternate[k] = cursor.pos - 1 < text.length && text[cursor.pos - 1] === TAB ? 1 : 0;
      if (this.keyAlternate[k] === 1) cursor.skipField();
      cursor.endLine();
    }

    this.blockBest = new Float64Array(Math.ceil(keyCount / BLOCK_SIZE));
    for (let key = 0; key < keyCount; key++) {
      const population = this.placePopulation[this.keyPlace[key] as number] as number;
      const best =
        (population + 1) * (this.keyAlternate[key] === 1 ? WEIGHT_ALTERNATE_PREFIX : WEIGHT_NAME_PREFIX);
      const block = key >>> BLOCK_SHIFT;
      if (best > (this.blockBest[block] as number)) this.blockBest[block] = best;
    }

    // Keep only the text still needed (names and keys), not the numbers already parsed.
    this.text = compactRanges(text, [
      [this.placeNameStart, this.placeNameEnd],
      [this.keyStart, this.keyEnd],
    ]);
  }

  stats(): AtlasStats {
    return {
      places: this.placeIds.length,
      keys: this.keyStart.length,
      countries: this.countryCodes.length,
      regions: this.regionNames.length,
      zones: this.zones.length,
      source: this.source,
    };
  }

  /** Every place, in id order (for checks over the whole atlas; allocates one object per place). */
  *places(): Generator<AtlasPlace> {
    for (let i = 0; i < this.placeIds.length; i++) yield this.place(i);
  }

  /** Every distinct zone the atlas assigns. */
  timeZones(): readonly string[] {
    return this.zones;
  }

  getById(id: number): AtlasPlace | undefined {
    let lo = 0;
    let hi = this.placeIds.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.placeIds[mid] as number) < id) lo = mid + 1;
      else hi = mid;
    }
    return this.placeIds[lo] === id ? this.place(lo) : undefined;
  }

  /**
   * Places whose name, ASCII name or a Latin-script alternate name starts with the query,
   * ignoring case, accents and punctuation; biggest first, whole-name matches weighted up.
   * "Springfield, Illinois", "Springfield, IL" or "Paris, FR" narrows by region name or code,
   * country name or code after a comma.
   */
  search(query: string, options: AtlasSearchOptions = {}): AtlasPlace[] {
    const limit = options.limit ?? 10;
    const comma = query.indexOf(',');
    const folded = foldName(comma < 0 ? query : query.slice(0, comma));
    const qualifier = comma < 0 ? '' : foldName(query.slice(comma + 1));
    if (folded === '' || limit <= 0) return [];

    let countryFilter = -1;
    if (options.country !== undefined) {
      const index = this.countryByCode.get(options.country.toUpperCase());
      if (index === undefined) return [];
      countryFilter = index;
    }

    const memoKey =
      qualifier === '' && [...folded].length <= MEMO_MAX_NEEDLE_LENGTH ? `${folded}|${countryFilter}` : '';
    const remembered = memoKey && limit <= MEMO_LIMIT ? this.memo.get(memoKey) : undefined;
    if (remembered) return remembered.slice(0, limit).map((place) => this.place(place));

    let found = this.bestMatches(
      folded,
      qualifier,
      countryFilter,
      memoKey ? Math.max(limit, MEMO_LIMIT) : limit,
    );
    // A few places carry commas in their own name ("Mianzhu, Deyang, Sichuan"): when the text after
    // the comma qualifies nothing, the whole query is read as a name.
    if (found.length === 0 && qualifier !== '')
      found = this.bestMatches(foldName(query), '', countryFilter, limit);
    if (memoKey) {
      if (this.memo.size >= MEMO_MAX_ENTRIES) this.memo.clear();
      this.memo.set(memoKey, found);
    }
    return found.slice(0, limit).map((place) => this.place(place));
  }

  /** Indexes of the best `limit` places for a folded query, best first. */
  private bestMatches(folded: string, qualifier: string, countryFilter: number, limit: number): number[] {
    const needle = Buffer.from(folded, 'utf8');
    const first = this.lowerBound(needle);
    const past = this.lowerBound(Buffer.concat([needle, Buffer.from([AFTER_ANY_TEXT])]));
    // Keys never contain a zero byte, so those equal to the query all sort before query + 0x00.
    const pastExact = this.lowerBound(Buffer.concat([needle, Buffer.from([0])]));

    // Whole-name matches first (they are few), to know what counts as a weak alternate match.
    let anyExact = false;
    let bestExact = 0;
    for (let k = first; k < pastExact; k++) {
      const place = this.keyPlace[k] as number;
      if (countryFilter >= 0 && this.placeCountry[place] !== countryFilter) continue;
      if (qualifier !== '' && !this.matchesQualifier(place, qualifier)) continue;
      anyExact = true;
      const weight = this.keyAlternate[k] === 1 ? WEIGHT_EXACT_ALTERNATE : WEIGHT_EXACT_NAME;
      bestExact = Math.max(bestExact, ((this.placePopulation[place] as number) + 1) * weight);
    }
    const alternateFloor = bestExact * ALTERNATE_FLOOR_RATIO;

    const top: Candidate[] = [];
    for (let k = first; k < past; k++) {
      if ((k & (BLOCK_SIZE - 1)) === 0 && k >= pastExact && k + BLOCK_SIZE <= past) {
        const worst = top[limit - 1];
        if (worst !== undefined && (this.blockBest[k >>> BLOCK_SHIFT] as number) < worst.score) {
          k += BLOCK_SIZE - 1;
          continue;
        }
      }
      const place = this.keyPlace[k] as number;
      if (countryFilter >= 0 && this.placeCountry[place] !== countryFilter) continue;
      const exact = (this.keyEnd[k] as number) - (this.keyStart[k] as number) === needle.length;
      const weight =
        this.keyAlternate[k] === 1
          ? exact
            ? WEIGHT_EXACT_ALTERNATE
            : WEIGHT_ALTERNATE_PREFIX
          : exact
            ? WEIGHT_EXACT_NAME
            : WEIGHT_NAME_PREFIX;
      if (
        anyExact &&
        !exact &&
        this.keyAlternate[k] === 1 &&
        this.text[(this.keyStart[k] as number) + needle.length] === SPACE
      )
        continue;
      // +weight keeps unpeopled places (population 0) in match-quality order too.
      const score = ((this.placePopulation[place] as number) + 1) * weight;
      if (this.keyAlternate[k] === 1 && score < alternateFloor) continue;
      const worst = top[limit - 1];
      if (worst !== undefined && (score < worst.score || (score === worst.score && place > worst.place)))
        continue;
      if (qualifier !== '' && !this.matchesQualifier(place, qualifier)) continue;
      offerCandidate(top, { place, score }, limit);
    }
    return top.map((c) => c.place);
  }

  private matchesQualifier(place: number, qualifier: string): boolean {
    const country = this.placeCountry[place] as number;
    if ((this.countryFolded[country] as string).startsWith(qualifier)) return true;
    if ((this.countryCodes[country] as string).toLowerCase() === qualifier) return true;
    const region = this.placeRegion[place] as number;
    if (region === 0) return false;
    return (
      (this.regionFolded[region - 1] as string).startsWith(qualifier) ||
      this.regionCodes[region - 1] === qualifier
    );
  }

  /** Index of the first key that is not less than `needle` (byte order). */
  private lowerBound(needle: Buffer): number {
    let lo = 0;
    let hi = this.keyStart.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (needle.compare(this.text, this.keyStart[mid], this.keyEnd[mid]) > 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private place(i: number): AtlasPlace {
    const country = this.placeCountry[i] as number;
    const region = this.placeRegion[i] as number;
    return {
      id: this.placeIds[i] as number,
      name: this.text.toString('utf8', this.placeNameStart[i], this.placeNameEnd[i]),
      region: region > 0 ? (this.regionNames[region - 1] as string) : null,
      country: this.countryNames[country] as string,
      countryCode: this.countryCodes[country] as string,
      lat: this.placeLat[i] as number,
      lon: this.placeLon[i] as number,
      population: this.placePopulation[i] as number,
      timeZone: this.zones[this.placeZone[i] as number] as string,
    };
  }
}

/** Keeps `top` sorted best first (score, then lower place index), one entry per place, at most `limit`. */
function offerCandidate(top: Candidate[], candidate: Candidate, limit: number): void {
  const better = (a: Candidate, b: Candidate) =>
    a.score > b.score || (a.score === b.score && a.place < b.place);
  const existing = top.findIndex((c) => c.place === candidate.place);
  if (existing >= 0) {
    if (!better(candidate, top[existing] as Candidate)) return;
    top.splice(existing, 1);
  }
  let at = top.length;
  while (at > 0 && better(candidate, top[at - 1] as Candidate)) at--;
  if (at >= limit) return;
  top.splice(at, 0, candidate);
  if (top.length > limit) top.pop();
}

/** Reads and indexes an atlas file (by default the one built into this package). */
export function loadAtlas(file: string = DEFAULT_ATLAS_FILE): Atlas {
  return new Atlas(gunzipSync(readFileSync(file)));
}
