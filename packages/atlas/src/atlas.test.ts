import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Atlas, type AtlasPlace, loadAtlas } from './atlas.ts';
import { DEFAULT_ATLAS_FILE } from './format.ts';
import { foldName } from './normalize.ts';

let atlas: Atlas;
let all: AtlasPlace[];
beforeAll(() => {
  atlas = loadAtlas();
  all = [...atlas.places()];
});

const first = (query: string, country?: string) => atlas.search(query, { country, limit: 1 })[0];

describe('atlas data', () => {
  it('holds at least 100,000 places, each complete and in id order', () => {
    expect(all.length).toBeGreaterThanOrEqual(100_000);
    // One expect per place would take a minute: collect the faulty ones instead.
    const faulty = all.filter(
      (place, i) =>
        (i > 0 && place.id <= (all[i - 1] as AtlasPlace).id) ||
        place.name.trim() === '' ||
        !/^[A-Z]{2}$/.test(place.countryCode) ||
        place.country === '' ||
        (place.region !== null && place.region.trim() === '') ||
        !(Math.abs(place.lat) <= 90 && Math.abs(place.lon) <= 180) ||
        !(Number.isInteger(place.population) && place.population >= 0),
    );
    expect(faulty).toEqual([]);
    // Nearly every place has a named region; the few without are in countries without divisions.
    expect(all.filter((p) => p.region === null).length).toBeLessThan(all.length / 500);
  });

  it('gives every place a valid IANA zone', () => {
    for (const zone of atlas.timeZones()) {
      expect(zone).toMatch(/^[A-Z][A-Za-z_-]+\/[A-Za-z0-9_/+-]+$/);
      expect(zone.startsWith('Etc/')).toBe(false);
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
    }
    expect(new Set(all.map((p) => p.timeZone))).toEqual(new Set(atlas.timeZones()));
  });

  it('keeps zones that differ before 1970 instead of the neighbour they were merged into', () => {
    // tz links each of these to a neighbour since 1970 (Oslo -> Berlin, Reykjavik -> Abidjan,
    // Amsterdam -> Brussels...), but their clocks differed before: every town keeps its own.
    const ownZone: Record<string, string> = {
      NO: 'Europe/Oslo',
      SE: 'Europe/Stockholm',
      DK: 'Europe/Copenhagen',
      NL: 'Europe/Amsterdam',
      LU: 'Europe/Luxembourg',
      IS: 'Atlantic/Reykjavik',
      MC: 'Europe/Monaco',
      HR: 'Europe/Zagreb',
      SI: 'Europe/Ljubljana',
      GH: 'Africa/Accra',
      KW: 'Asia/Kuwait',
    };
    const checked = new Set<string>();
    const wrong: string[] = [];
    for (const place of all) {
      const zone = ownZone[place.countryCode];
      if (zone === undefined) continue;
      checked.add(place.countryCode);
      if (place.timeZone !== zone) wrong.push(`${place.name}, ${place.countryCode}: ${place.timeZone}`);
    }
    expect(wrong).toEqual([]);
    expect([...checked].sort()).toEqual(Object.keys(ownZone).sort());
  });

  it('uses, for almost every place, a zone the tz database lists for its country', () => {
    // zone.tab keeps at least one zone per country; the rest are border towns and areas the
    // boundary data assigns to a neighbouring zone (northern Vietnam to Asia/Bangkok, Kosovo).
    const byCountry = new Map<string, Set<string>>();
    for (const line of readFileSync('/usr/share/zoneinfo/zone.tab', 'utf8').split('\n')) {
      if (line === '' || line.startsWith('#')) continue;
      const [country = '', , zone = ''] = line.split('\t');
      byCountry.set(country, (byCountry.get(country) ?? new Set()).add(zone));
    }
    const outside = all.filter((p) => !byCountry.get(p.countryCode)?.has(p.timeZone));
    expect(outside.length).toBeLessThan(all.length / 200);
  });

  it.each([
    ['Oslo', 'NO', 'Norway', 'Oslo', 'Europe/Oslo'],
    ['Stockholm', 'SE', 'Sweden', 'Stockholm', 'Europe/Stockholm'],
    ['Amsterdam', 'NL', 'Netherlands', 'North Holland', 'Europe/Amsterdam'],
    ['Reykjavik', 'IS', 'Iceland', 'Capital Region', 'Atlantic/Reykjavik'],
    ['Kyiv', 'UA', 'Ukraine', 'Kyiv City', 'Europe/Kyiv'],
    ['Sao Paulo', 'BR', 'Brazil', 'São Paulo', 'America/Sao_Paulo'],
    ['Berlin', 'DE', 'Germany', 'State of Berlin', 'Europe/Berlin'],
    ['Tokyo', 'JP', 'Japan', 'Tokyo', 'Asia/Tokyo'],
  ])('finds %s first, in %s, with its own zone', (query, countryCode, country, region, timeZone) => {
    expect(first(query)).toMatchObject({ countryCode, country, region, timeZone });
    expect(first(query)?.population).toBeGreaterThan(100_000);
  });

  it('tells Springfield namesakes apart by region, each with its zone', () => {
    const found = atlas.search('Springfield', { country: 'US', limit: 20 });
    expect(found.every((p) => p.countryCode === 'US')).toBe(true);
    const springfields = found.filter((p) => p.name === 'Springfield');
    // The big namesakes come first; small ones share the list with places once called Springfield.
    expect(found.slice(0, 8).every((p) => p.name === 'Springfield')).toBe(true);
    expect(springfields.map((p) => p.population)).toEqual(
      springfields.map((p) => p.population).sort((a, b) => b - a),
    );
    const zoneOf = (region: string) => springfields.find((p) => p.region === region)?.timeZone;
    expect(zoneOf('Illinois')).toBe('America/Chicago');
    expect(zoneOf('Missouri')).toBe('America/Chicago');
    expect(zoneOf('Massachusetts')).toBe('America/New_York');
    expect(zoneOf('Oregon')).toBe('America/Los_Angeles');
    expect(new Set(springfields.map((p) => p.region)).size).toBeGreaterThanOrEqual(10);
    expect(atlas.search('Springfield, Illinois')[0]).toMatchObject({
      region: 'Illinois',
      population: 116_565,
    });
    expect(atlas.search('springfield, oregon')[0]?.region).toBe('Oregon');
    expect(atlas.search('Springfield, IL')[0]).toMatchObject({ region: 'Illinois', countryCode: 'US' });
    expect(atlas.search('springfield, mo')[0]?.region).toBe('Missouri');
  });
});

describe('atlas search', () => {
  it('folds accents and case, in the query and in the names', () => {
    const saoPaulo = first('São Paulo');
    expect(saoPaulo?.name).toBe('São Paulo');
    for (const query of ['Sao Paulo', 'sao paulo', 'SÃO PAULO', 'sao-paulo', 'Sao Pau']) {
      expect(first(query)?.id).toBe(saoPaulo?.id);
    }
    expect(first('zurich')?.name).toBe('Zürich');
    expect(first('ZÜRICH')?.name).toBe('Zürich');
    expect(first('Reykjavik')?.name).toBe('Reykjavík');
    expect(first('saint etienne')?.name).toBe('Saint-Étienne');
  });

  it('finds places by alternate names in other languages', () => {
    const munich = first('Munich');
    expect(munich).toMatchObject({ countryCode: 'DE', region: 'Bavaria' });
    expect(first('München')?.id).toBe(munich?.id);
    expect(first('Munchen')?.id).toBe(munich?.id);
    expect(first('Kiev')?.name).toBe('Kyiv');
    expect(first('Moscou')?.countryCode).toBe('RU');
  });

  it('ranks by population, a whole-name match before bigger places that merely start with it', () => {
    const lon = atlas.search('Lon', { limit: 5 });
    expect(lon[0]?.name).toBe('London');
    expect(lon[0]?.countryCode).toBe('GB');
    expect(first('Bath')).toMatchObject({ name: 'Bath', countryCode: 'GB' });
    // Airport codes are not alternate names: "Bat" lists towns starting with Bat, biggest first.
    const bat = atlas.search('Bat', { limit: 10 });
    const own = bat.filter((p) => foldName(p.name).startsWith('bat')).map((p) => p.population);
    expect(own.length).toBeGreaterThanOrEqual(8);
    expect(own).toEqual([...own].sort((a, b) => b - a));
    expect(bat[0]?.name).toBe('Batam');
    const paris = atlas.search('Paris', { limit: 5 });
    expect(paris[0]).toMatchObject({ countryCode: 'FR', timeZone: 'Europe/Paris' });
  });

  it('puts the city people mean first and leaves out places that only share an alternate name', () => {
    const top = (query: string) => atlas.search(query, { limit: 5 });
    expect(top('Oslo')[0]).toMatchObject({ name: 'Oslo', countryCode: 'NO' });
    expect(top('oslo')[0]?.name).toBe('Oslo');
    const saoPaulo = top('Sao Paulo');
    expect(saoPaulo[0]).toMatchObject({ name: 'São Paulo', countryCode: 'BR' });
    // Luanda was once "São Paulo da Assunção de Loanda": not what anyone typing São Paulo means.
    expect(atlas.search('Sao Paulo', { limit: 10 }).map((p) => p.name)).not.toContain('Luanda');
    expect(top('São Paulo').map((p) => p.name)).not.toContain('Luanda');
    const newYork = atlas.search('New York', { limit: 10 });
    expect(newYork[0]).toMatchObject({ name: 'New York City', countryCode: 'US' });
    // Clinton (Wisconsin) carries "New York" as a stray alternate name.
    expect(newYork.map((p) => p.name)).not.toContain('Clinton');
    expect(newYork.slice(1).every((p) => p.name.startsWith('New York'))).toBe(true);
    // Big places known by another language's name keep it.
    expect(top('Roma')[0]).toMatchObject({ name: 'Rome', countryCode: 'IT' });
    expect(top('Sankt Peter')[0]).toMatchObject({ countryCode: 'RU' });
  });

  it('filters by country code, in any case, and qualifies by region or country after a comma', () => {
    const parisUs = atlas.search('Paris', { country: 'us', limit: 20 });
    expect(parisUs.length).toBeGreaterThan(5);
    expect(parisUs.every((p) => p.countryCode === 'US')).toBe(true);
    expect(parisUs[0]?.region).toBe('Texas');
    expect(atlas.search('Paris', { country: 'US' })).toEqual(atlas.search('Paris', { country: 'us' }));
    expect(atlas.search('Paris, Texas')[0]).toMatchObject({ region: 'Texas', countryCode: 'US' });
    expect(atlas.search('London, CA')[0]).toMatchObject({ countryCode: 'CA', region: 'Ontario' });
    expect(atlas.search('Paris', { country: 'ZZ' })).toEqual([]);
    // A few places have commas in their own name: when nothing qualifies, the whole text is a name.
    expect(first('Mianzhu, Deyang, Sichuan', 'CN')?.name).toBe('Mianzhu, Deyang, Sichuan');
  });

  it('answers nothing for empty or punctuation-only queries and honours the limit', () => {
    expect(atlas.search('')).toEqual([]);
    expect(atlas.search(' - ')).toEqual([]);
    expect(atlas.search('zzzzqqq')).toEqual([]);
    expect(atlas.search('a', { limit: 3 })).toHaveLength(3);
    expect(atlas.search('s')).toHaveLength(10);
    // A remembered short query answers the same as a fresh one, also with another limit.
    expect(atlas.search('s', { limit: 20 }).slice(0, 10)).toEqual(atlas.search('s'));
  });

  it('looks places up by id', () => {
    const oslo = first('Oslo');
    expect(oslo && atlas.getById(oslo.id)).toEqual(oslo);
    expect(atlas.getById(1)).toBeUndefined();
    expect(atlas.getById(4_000_000_000)).toBeUndefined();
  });

  it('finds any place by its own name, whatever the accents or case the user types', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: all.length - 1 }), (i) => {
        const place = all[i] as AtlasPlace;
        expect(atlas.getById(place.id)).toEqual(place);
        const folded = foldName(place.name);
        if (folded === '') return;
        const byName = atlas.search(place.name, { country: place.countryCode, limit: 20 });
        // The name typed in capitals and without accents (its commas kept: they qualify by region).
        const typed = place.name.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
        expect(atlas.search(typed, { country: place.countryCode, limit: 20 })).toEqual(byName);
        // Either it is found, or 20 places outrank it, none of them much smaller (a place
        // matching by an alternate name must be five times bigger to pass a whole-name match).
        if (!byName.some((p) => p.id === place.id)) {
          expect(byName).toHaveLength(20);
          expect(byName.filter((p) => p.population * 5 < place.population)).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('atlas search against a brute-force reference', () => {
  // Reads the keys straight from the file and ranks every match the slow way, with the weights
  // the README documents, to check the binary search, block skipping and remembered answers.
  const WEIGHTS = { exactName: 10, exactAlternate: 2, namePrefix: 1, alternatePrefix: 0.05 };
  let keys: { key: string; place: number; alternate: boolean }[];
  let text: string;
  beforeAll(() => {
    text = gunzipSync(readFileSync(DEFAULT_ATLAS_FILE)).toString('utf8');
    keys = text
      .slice(text.indexOf('\n#keys\n') + 7)
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        const [key = '', place = '', flag] = line.split('\t');
        return { key, place: Number(place), alternate: flag === 'a' };
      });
  });

  const reference = (query: string, country: string | undefined, limit: number) => {
    const best = new Map<number, number>();
    const inCountry = (place: number) => !country || (all[place] as AtlasPlace).countryCode === country;
    const exactScores = keys
      .filter((k) => k.key === query && inCountry(k.place))
      .map(
        (k) =>
          ((all[k.place] as AtlasPlace).population + 1) *
          (k.alternate ? WEIGHTS.exactAlternate : WEIGHTS.exactName),
      );
    const floor = Math.max(0, ...exactScores) / 1000;
    for (const { key, place, alternate } of keys) {
      if (!key.startsWith(query)) continue;
      const p = all[place] as AtlasPlace;
      if (country && p.countryCode !== country) continue;
      const exact = key.length === query.length;
      // Longer alternate names that only go on with more words, once the query is a whole name.
      if (alternate && !exact && exactScores.length > 0 && key[query.length] === ' ') continue;
      const weight = alternate
        ? exact
          ? WEIGHTS.exactAlternate
          : WEIGHTS.alternatePrefix
        : exact
          ? WEIGHTS.exactName
          : WEIGHTS.namePrefix;
      const score = (p.population + 1) * weight;
      if (alternate && score < floor) continue;
      if (score > (best.get(place) ?? -1)) best.set(place, score);
    }
    return [...best]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, limit)
      .map(([place]) => (all[place] as AtlasPlace).id);
  };

  it('reads every place line exactly as written', () => {
    const lines = text.slice(text.indexOf('\n#places\n') + 9, text.indexOf('\n#keys\n')).split('\n');
    expect(lines).toHaveLength(all.length);
    const differing = lines.filter((line, i) => {
      const [id, name, , , lat, lon, population] = line.split('\t');
      const place = all[i] as AtlasPlace;
      return (
        place.id !== Number(id) ||
        place.name !== name ||
        place.lat !== Number(lat) ||
        place.lon !== Number(lon) ||
        place.population !== Number(population)
      );
    });
    expect(differing).toEqual([]);
  });

  it.each([
    'san pedro',
    'san jose',
    'santa maria',
    'san miguel',
    'springfield',
    'franklin',
    'clinton',
    'victoria',
    'la paz',
  ])('ranks the many places named %s exactly as the reference', (name) => {
    // Whole-name matches run over several key blocks here: none may be skipped.
    for (const country of [undefined, 'US', 'MX', 'PH']) {
      expect(atlas.search(name, { country, limit: 20 }).map((p) => p.id)).toEqual(
        reference(name, country, 20),
      );
    }
    expect(keys.filter((k) => k.key === name).length).toBeGreaterThan(0);
  });

  it('ranks exactly as the reference for random prefixes, countries and limits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: all.length - 1 }),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 20 }),
        (i, length, withCountry, limit) => {
          const place = all[i] as AtlasPlace;
          const query = foldName(place.name).slice(0, length).trim();
          if (query === '') return;
          const country = withCountry ? place.countryCode : undefined;
          const ids = atlas.search(query, { country, limit }).map((p) => p.id);
          expect(ids).toEqual(reference(query, country, limit));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('atlas file', () => {
  const write = (text: string) => {
    const file = join(mkdtempSync(join(tmpdir(), 'atlas-')), 'places.tsv.gz');
    writeFileSync(file, gzipSync(Buffer.from(text, 'utf8')));
    return file;
  };
  const tiny = [
    '#atlas',
    '1\ttest',
    '#countries',
    'AA\tAland',
    '#regions',
    '0\t01\tNorth',
    '#zones',
    'Europe/Oslo',
    '#places',
    '10\tBig Town\t0\t0\t1.5\t2.5\t5000\t0',
    '20\tBigtown Hamlet\t0\t\t-23.5475\t-46.63611\t0\t0',
    '#keys',
    'big town\t0',
    'bigtown\t0\ta',
    'bigtown hamlet\t1',
    '',
  ].join('\n');

  it('loads a hand-made atlas and searches it', () => {
    const small = loadAtlas(write(tiny));
    expect(small.stats()).toMatchObject({ places: 2, keys: 3, countries: 1, regions: 1, zones: 1 });
    expect(small.search('bigtown')).toEqual([
      {
        id: 10,
        name: 'Big Town',
        region: 'North',
        country: 'Aland',
        countryCode: 'AA',
        lat: 1.5,
        lon: 2.5,
        population: 5000,
        timeZone: 'Europe/Oslo',
      },
      {
        id: 20,
        name: 'Bigtown Hamlet',
        region: null,
        country: 'Aland',
        countryCode: 'AA',
        lat: -23.5475,
        lon: -46.63611,
        population: 0,
        timeZone: 'Europe/Oslo',
      },
    ]);
  });

  it('weighs whole-name matches above prefixes and alternate names below the own name', () => {
    const weighted = [
      '#atlas',
      '1\ttest',
      '#countries',
      'AA\tAland',
      '#regions',
      '0\t01\tNorth',
      '#zones',
      'Europe/Oslo',
      '#places',
      '1\tRiva\t0\t0\t0\t0\t1000\t0',
      '2\tRivaville\t0\t0\t0\t0\t9000\t0',
      '3\tOld Riva\t0\t0\t0\t0\t3000\t0',
      '4\tRivage\t0\t0\t0\t0\t11000\t0',
      '5\tNova\t0\t0\t0\t0\t100000\t0',
      '#keys',
      'riva\t0',
      'riva\t2\ta',
      'rivage\t3',
      'rivasto\t4\ta',
      'rivaville\t1',
      '',
    ].join('\n');
    const small = loadAtlas(write(weighted));
    // Riva 1000x10 = 10,000 (own name, whole); Rivage 11,000 and Rivaville 9,000 (own name,
    // prefix); Old Riva 3000x2 = 6,000 (alternate, whole); Nova 100,000x0.05 = 5,000 (alternate, prefix).
    expect(small.search('riva').map((p) => p.id)).toEqual([4, 1, 2, 3, 5]);
    expect(small.search('riva', { limit: 2 }).map((p) => p.id)).toEqual([4, 1]);
    expect(small.search('rivas').map((p) => p.id)).toEqual([5]);
  });

  it('refuses a file of another format version or without its sections', () => {
    expect(() => loadAtlas(write(tiny.replace('1\ttest', '0\ttest')))).toThrow(/format "0", expected "1"/);
    expect(() => loadAtlas(write(tiny.slice(0, tiny.indexOf('#keys'))))).toThrow(/no #keys section/);
    expect(() => loadAtlas(write(tiny.replace('#zones', '#zonez')))).toThrow(/unknown section #zonez/);
    expect(() => loadAtlas(write(tiny.replace('\t5000\t', '\t5k\t')))).toThrow(
      /expected a tab or the end of the line/,
    );
    expect(() => loadAtlas(write(tiny.replace('\t1.5\t', '\tnorth\t')))).toThrow(/expected a decimal number/);
    expect(() => loadAtlas(write(tiny.replace('20\tBigtown', 'x\tBigtown')))).toThrow(
      /expected a whole number/,
    );
    expect(() => loadAtlas(write(tiny.replace('bigtown hamlet\t1', 'bigtown hamlet\t7')))).toThrow(
      /place 7, which does not exist/,
    );
  });
});
