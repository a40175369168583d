import { defineModule } from '../../platform/module.ts';
import { placesRoutes } from './routes.ts';
import { createPlacesService, type PlacesService } from './service.ts';

export type { PlacesService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Place search and look-up by id, for modules that store places (birth data). */
    places: PlacesService;
  }
}

/** Place search over the world atlas under /api/places. */
export const placesModule = defineModule({
  name: 'places',
  dependencies: [],
  migrations: {},
  async register(app) {
    const places = createPlacesService();
    app.decorate('places', places);
    await app.register(placesRoutes, { prefix: '/api', places });
  },
});
