import { fileURLToPath } from 'node:url';

/**
 * The atlas file: gzipped UTF-8 text, one record per line, tab-separated, in five sections that
 * each start with a `#name` line:
 *
 * - `#atlas`     one line: format version, then free text naming the sources
 * - `#countries` code, English name (line order = country index)
 * - `#regions`   country index, GeoNames admin1 code, name (line order = region index)
 * - `#zones`     IANA zone name (line order = zone index)
 * - `#places`    GeoNames id, name, country index, region index (empty = none), latitude,
 *                longitude, population, zone index; sorted by id (line order = place index)
 * - `#keys`      folded search key, place index, then `a` when the key is an alternate name
 *                (another language's or a former name) rather than the place's own; sorted
 *                by the key's UTF-8 bytes
 *
 * Keys come pre-folded and pre-sorted so that loading is a single scan with no sorting.
 */
export const ATLAS_FORMAT_VERSION = '1';

export const SECTIONS = ['atlas', 'countries', 'regions', 'zones', 'places', 'keys'] as const;
export type SectionName = (typeof SECTIONS)[number];

export const DEFAULT_ATLAS_FILE = fileURLToPath(new URL('../data/places.tsv.gz', import.meta.url));
