import { randomUUID } from 'node:crypto';
import { compositeChart, houseOverlay, interAspects } from '@app/astro/chart/synastry';
import { PEOPLE_LIMIT, type Person, type PersonBody, type Synastry } from '@app/contracts/people.ts';
import { readSynastry } from '@app/interpretations/synastry-reading';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { astroChartOf, type BirthFacts, birthFactsOf, toBirthData } from './birth-chart.ts';
import type { BirthResolver } from './birth-resolver.ts';
import type { BirthDataRepository, PeopleRepository, PersonRow } from './repository.ts';

export const PEOPLE_MESSAGES = {
  added: 'The person was added.',
  updated: 'The person was updated.',
  removed: 'The person was removed.',
  notFound: 'That person was not found.',
  full: `You can keep up to ${PEOPLE_LIMIT} people. Remove someone to add another.`,
  ownBirthRequired: 'Save your own birth data first: a comparison needs both charts.',
} as const;

export interface PeopleServiceDeps {
  people: PeopleRepository;
  /** The account holder's own birth, for the comparison. */
  own: BirthDataRepository;
  resolver: BirthResolver;
  clock: Clock;
}

const toPerson = (row: PersonRow): Person => ({ ...toBirthData(row), id: row.id, relation: row.relation });
const relationOf = (body: PersonBody) => (body.relation ? body.relation : null);

/** People in a person's life, each a birth resolved like the person's own, and the comparison of charts. */
export class PeopleService {
  constructor(private readonly deps: PeopleServiceDeps) {}

  async list(ownerId: string): Promise<Person[]> {
    return (await this.deps.people.list(ownerId)).map(toPerson);
  }

  async get(ownerId: string, id: string): Promise<Person> {
    return toPerson(await this.row(ownerId, id));
  }

  async add(ownerId: string, body: PersonBody): Promise<Person> {
    const row: PersonRow = {
      id: randomUUID(),
      owner_id: ownerId,
      relation: relationOf(body),
      ...this.deps.resolver.resolve(body, this.deps.clock.now()),
    };
    if (!(await this.deps.people.insert(row, PEOPLE_LIMIT)))
      throw new AppError(409, 'CONFLICT', PEOPLE_MESSAGES.full);
    return toPerson(row);
  }

  async update(ownerId: string, id: string, body: PersonBody): Promise<Person> {
    const existing = await this.row(ownerId, id);
    const row: PersonRow = {
      id,
      owner_id: ownerId,
      relation: relationOf(body),
      ...this.deps.resolver.resolve(body, this.deps.clock.now(), existing),
      created_at: existing.created_at,
    };
    if (!(await this.deps.people.update(row))) throw notFound(PEOPLE_MESSAGES.notFound);
    return toPerson(row);
  }

  async remove(ownerId: string, id: string): Promise<void> {
    if (!(await this.deps.people.delete(ownerId, id))) throw notFound(PEOPLE_MESSAGES.notFound);
  }

  /** The account holder's chart beside the person's: contacts, houses overlay, composite and reading. */
  async synastry(ownerId: string, id: string): Promise<Synastry> {
    const person = await this.row(ownerId, id);
    const own = await this.deps.own.find(ownerId);
    if (!own) throw new AppError(409, 'BIRTH_DATA_REQUIRED', PEOPLE_MESSAGES.ownBirthRequired);
    const yours = astroChartOf(own);
    const theirs = astroChartOf(person);
    const aspects = interAspects(yours, theirs);
    const theirsInYours = houseOverlay(theirs, yours);
    const yoursInTheirs = houseOverlay(yours, theirs);
    const composite = compositeChart(yours, theirs);
    const position = (longitude: number, sign: string) => ({ longitude, sign });
    return {
      person: { id, name: person.name, timeKnown: theirs.timeKnown },
      timeKnown: yours.timeKnown,
      theirs: theirs.bodies.map(({ body, longitude, retrograde }) => ({ body, longitude, retrograde })),
      aspects: aspects.map(({ a, b, kind, orb }) => ({
        a,
        b,
        kind: kind as Synastry['aspects'][number]['kind'],
        orb,
      })),
      composite: {
        bodies: composite.bodies,
        angles: composite.angles && {
          ascendant: position(composite.angles.ascendant, composite.angles.ascendantSign),
          midheaven: position(composite.angles.midheaven, composite.angles.midheavenSign),
        },
        cusps: composite.cusps,
        aspects: composite.aspects.map(({ a, b, kind, deviation, exactness }) => ({
          a,
          b,
          kind: kind as Synastry['aspects'][number]['kind'],
          orb: Math.abs(deviation),
          exactness,
        })),
      },
      overlay: { theirsInYours, yoursInTheirs },
      elements: { yours: yours.elements, theirs: theirs.elements },
      modalities: { yours: yours.modalities, theirs: theirs.modalities },
      reading: readSynastry({
        name: person.name,
        aspects,
        theirsInYourHouses: theirsInYours,
        yoursInTheirHouses: yoursInTheirs,
        timeKnown: { yours: yours.timeKnown, theirs: theirs.timeKnown },
        seed: `${ownerId}:${id}`,
      }),
    };
  }

  /** Each person's name, relation and birth as readings use it. */
  async births(ownerId: string): Promise<{ name: string; relation: string | null; birth: BirthFacts }[]> {
    return (await this.deps.people.list(ownerId)).map((row) => ({
      name: row.name,
      relation: row.relation,
      birth: birthFactsOf(row),
    }));
  }

  /** The person's people for the account export. */
  exportSection = async (ownerId: string): Promise<Person[]> => this.list(ownerId);

  private async row(ownerId: string, id: string): Promise<PersonRow> {
    const row = await this.deps.people.find(ownerId, id);
    if (!row) throw notFound(PEOPLE_MESSAGES.notFound);
    return row;
  }
}
