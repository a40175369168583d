import { defineModule } from '../../platform/module.ts';
import { samplesRoutes } from './routes.ts';
import { DailySamples } from './samples.ts';

/**
 * GET /api/samples: today's cosmic landscape and an assistant's answer for a fixed sample birth,
 * composed by the landscape's and the chat's own composers, for the home page.
 */
export const samplesModule = defineModule({
  name: 'samples',
  dependencies: ['landscape', 'chat'],
  migrations: {},
  async register(app) {
    await app.register(samplesRoutes, { prefix: '/api', samples: new DailySamples(app.clock) });
  },
});
