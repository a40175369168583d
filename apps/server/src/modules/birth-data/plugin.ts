import { defineModule } from '../../platform/module.ts';
import { BirthProfileAdminFigures } from './admin-figures.ts';
import { BirthResolver } from './birth-resolver.ts';
import * as birthData from './migrations/0010-birth-data.ts';
import * as statedOffset from './migrations/0011-birth-data-stated-offset.ts';
import * as localMeanTime from './migrations/0012-birth-data-local-mean-time.ts';
import * as people from './migrations/0013-people.ts';
import * as birthProfiles from './migrations/0014-birth-profiles.ts';
import { PeopleService } from './people.ts';
import { peopleRoutes } from './people-routes.ts';
import { BirthDataRepository, PeopleRepository } from './repository.ts';
import { birthDataRoutes } from './routes.ts';
import { BirthDataService, type BirthFacts } from './service.ts';

/** What other modules (the landscape, the assistant) may ask of the birth data. */
interface BirthDataPort {
  /** The birth moment and place as readings use them, or null when none is saved. */
  birthFacts(userId: string): Promise<BirthFacts | null>;
  /** The people in the person's life with their births (for the assistant's questions about them). */
  people(userId: string): Promise<{ name: string; relation: string | null; birth: BirthFacts }[]>;
  /** People with birth data, a batch at a time in a stable order (for scheduled work). */
  userIdsAfter(after: string, limit: number): Promise<string[]>;
  /** Called after a person's birth data changed or was deleted (in the process that changed it). */
  onChange(listener: (userId: string) => Promise<void>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    birthData: BirthDataPort;
  }
}

/**
 * Birth data and the natal chart, and the people in a person's life with the comparison of charts,
 * under /api (paid access); both are part of the account export.
 */
export const birthDataModule = defineModule({
  name: 'birth-data',
  dependencies: ['auth', 'subscription', 'places'],
  migrations: {
    '0010-birth-data': birthData,
    '0011-birth-data-stated-offset': statedOffset,
    '0012-birth-data-local-mean-time': localMeanTime,
    '0013-people': people,
    '0014-birth-profiles': birthProfiles,
  },
  async register(app) {
    app.features.declare({
      id: 'comparison',
      planKinds: ['full'],
      refusal:
        'Your plan does not include comparing charts. Choose a full plan on the Subscription page to unlock it.',
    });
    const repo = new BirthDataRepository(app.database.db);
    const birthData = new BirthDataService({ repo, places: app.places, clock: app.clock });
    const peopleService = new PeopleService({
      people: new PeopleRepository(app.database.db),
      own: repo,
      resolver: new BirthResolver(app.places),
      clock: app.clock,
    });
    app.decorate('birthData', {
      birthFacts: (userId: string) => birthData.birthFacts(userId),
      people: (userId: string) => peopleService.births(userId),
      userIdsAfter: (after: string, limit: number) => birthData.userIdsAfter(after, limit),
      onChange: (listener: (userId: string) => Promise<void>) => birthData.onChange(listener),
    } satisfies BirthDataPort);
    app.decorate('birthProfileFigures', new BirthProfileAdminFigures(app.database.db));
    app.auth.addExportSection('birthData', birthData.exportSection);
    app.auth.addExportSection('people', peopleService.exportSection);
    await app.register(birthDataRoutes, { prefix: '/api', birthData });
    await app.register(peopleRoutes, { prefix: '/api', people: peopleService });
  },
});
