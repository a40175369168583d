// The reading of two charts side by side: the closest contacts between them, then where each
// one's planets fall in the other's houses. Every text is a synastry entry of the library, written
// for either side of the pair; this file only chooses which entries the comparison calls for.
import type { ChartReading, ChartReadingEntry } from '@app/contracts/chart.ts';
import { ASPECTS, BODIES, HOUSES, ordinal } from './knowledge.ts';
import { pointKey, SYNASTRY_HOUSED, synastryAspectKeys } from './library/catalogue.ts';
import { entryAt, library, type Reading, type Variants } from './library/library.ts';
import { Picker } from './library/pick.ts';

/** Contacts read: the closest this many. */
const CLOSEST = 10;

/** Slow planets: a contact between two of them is shared by everyone born in the same years. */
const GENERATIONAL = new Set(['uranus', 'neptune', 'pluto']);

/**
 * Contacts in reading order: those touching a personal point first, each group closest first. A
 * contact between two slow planets says little about two particular people, however exact.
 */
export function personalFirst<T extends { a: string; b: string; orb: number }>(aspects: readonly T[]): T[] {
  const shared = (x: T) => (GENERATIONAL.has(x.a) && GENERATIONAL.has(x.b) ? 1 : 0);
  return [...aspects].sort((x, y) => shared(x) - shared(y) || x.orb - y.orb);
}

export interface SynastryFacts {
  /** The other person, as the reading names them ("Alex"). */
  name: string;
  /** Inter-aspects, closest first: `a` a point of the reader's chart, `b` one of the other's. */
  aspects: readonly { a: string; b: string; kind: string; orb: number }[];
  /** The other's planets in the reader's houses (empty without the reader's birth time). */
  theirsInYourHouses: readonly { body: string; house: number }[];
  /** The reader's planets in the other's houses (empty without the other's birth time). */
  yoursInTheirHouses: readonly { body: string; house: number }[];
  /** Whether each birth time is known (without one, no angle or house of that chart is read). */
  timeKnown: { yours: boolean; theirs: boolean };
  /** Chooses between an entry's two readings, the same for one pair on every visit. */
  seed: string;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const nameOf = (id: string) => capitalise((BODIES[id]?.name ?? id).replace(/^(the|your) /, ''));
const textOf = (r: Reading | undefined) => (r ? `${r.about} ${r.feel} ${r.do}` : undefined);

function orbText(orb: number): string {
  const minutes = Math.round(Math.abs(orb) * 60);
  return `${Math.floor(minutes / 60)}°${String(minutes % 60).padStart(2, '0')}′`;
}

export function readSynastry(facts: SynastryFacts): ChartReading {
  const files = library();
  const pick = new Picker(facts.seed, 0, 0);
  const possessive = `${facts.name}’s`;
  const chosen = (path: string, keys: string[]) =>
    textOf(pick.pick(entryAt<Variants>(files, path, ...keys)?.variants, `${path}:${keys.join('.')}`));

  const contacts: ChartReadingEntry[] = [];
  for (const aspect of personalFirst(facts.aspects)) {
    if (contacts.length === CLOSEST) break;
    const keys = synastryAspectKeys(aspect.a, aspect.b);
    const text = keys && chosen(`synastry/aspects/${keys[0]}`, [keys[1], aspect.kind]);
    if (!text) continue;
    const verb = ASPECTS[aspect.kind]?.verb ?? aspect.kind;
    contacts.push({
      id: `contact-${aspect.a}-${aspect.b}-${aspect.kind}`,
      title: `Your ${nameOf(aspect.a)} ${verb} ${possessive} ${nameOf(aspect.b)} (orb ${orbText(aspect.orb)})`,
      text,
    });
  }

  const overlay = (
    placements: SynastryFacts['theirsInYourHouses'],
    title: (body: string, house: number) => string,
    id: string,
  ): ChartReadingEntry[] =>
    placements.flatMap(({ body, house }) => {
      const key = pointKey(body);
      if (!key || !(SYNASTRY_HOUSED as readonly string[]).includes(key)) return [];
      const text = chosen(`synastry/houses/${key}`, [String(house)]);
      return text ? [{ id: `${id}-${body}`, title: title(body, house), text }] : [];
    });
  const area = (house: number) => HOUSES[house - 1] ?? '';
  const theirs = overlay(
    facts.theirsInYourHouses,
    (body, house) => `${possessive} ${nameOf(body)} in your ${ordinal(house)} house (${area(house)})`,
    'theirs-in-yours',
  );
  const yours = overlay(
    facts.yoursInTheirHouses,
    (body, house) => `Your ${nameOf(body)} in ${possessive} ${ordinal(house)} house (${area(house)})`,
    'yours-in-theirs',
  );

  const sections = [
    { id: 'contacts', title: 'Between your charts', entries: contacts },
    { id: 'theirs-in-yours', title: `${possessive} planets in your houses`, entries: theirs },
    { id: 'yours-in-theirs', title: `Your planets in ${possessive} houses`, entries: yours },
  ].filter((s) => s.entries.length > 0);
  const { yours: mine, theirs: other } = facts.timeKnown;
  const missing =
    !mine && !other
      ? 'both birth times'
      : !mine
        ? 'your birth time'
        : !other
          ? `${possessive} birth time`
          : null;
  return {
    sections,
    note: missing
      ? `Without ${missing}, the Ascendant, the Midheaven and the houses that rest on ${mine || other ? 'it' : 'them'} are left out: they change every few minutes.`
      : null,
  };
}
