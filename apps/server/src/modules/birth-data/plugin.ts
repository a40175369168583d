import { defineModule } from '../../platform/module.ts';
import { BirthDataRepository } from './repository.ts';
import { birthDataRoutes } from './routes.ts';
import { BirthDataService } from './service.ts';

/** Birth data and the natal chart under /api (paid access); part of the account export. */
export const birthDataModule = defineModule({
  name: 'birth-data',
  dependencies: ['auth', 'subscription', 'places'],
  async register(app) {
    const birthData = new BirthDataService({
      repo: new BirthDataRepository(app.database.db),
      places: app.places,
      clock: app.clock,
    });
    app.auth.addExportSection('birthData', birthData.exportSection);
    await app.register(birthDataRoutes, { prefix: '/api', birthData });
  },
});
