import type { Role } from '@app/contracts/auth.ts';
import type { FastifyInstance } from 'fastify';
import { CoherentCache } from '../../platform/db/coherent-cache.ts';
import { defineModule } from '../../platform/module.ts';
import { LandscapeAdminFigures } from './admin-figures.ts';
import type { LandscapeComposer } from './build.ts';
import { CalendarFeeds } from './calendar.ts';
import * as landscapes from './migrations/0050-landscapes.ts';
import * as landscapesByTime from './migrations/0051-landscapes-by-time.ts';
import * as landscapeChangeNotices from './migrations/0052-landscape-change-notices.ts';
import { type LandscapeNotesPort, landscapeNotes } from './notes.ts';
import { LANDSCAPE_CHANGES_CHANNEL, LandscapeRepository, type LatestLandscape } from './repository.ts';
import { landscapeRoutes } from './routes.ts';
import { LandscapeService } from './service.ts';

/** The composer of a landscape from a birth and a day (pure), for modules that show one. */
export { landscapeDayOf, landscapeOf, starterFor, wordsOf } from './build.ts';
export type { ExactTransitNote, LandscapeNote } from './notes.ts';

/** How often the pre-generation job looks for people whose new day has begun. */
const PREGENERATION_INTERVAL_MS = 10 * 60_000;
const PREGENERATION_BATCH = 200;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * One pass of the scheduled job: builds today's landscape for everyone who may use it and has
     * none yet (or an out-of-date one); answers how many this pass built.
     */
    landscapePregeneration: () => Promise<number>;
    /** Today's landscape in short and the exact transits ahead, for the notes and digests. */
    landscapeNotes: LandscapeNotesPort;
  }
}

async function accountFor(app: FastifyInstance, userId: string): Promise<{ id: string; role: Role }> {
  const account = await app.auth.accountOf(userId);
  if (!account) throw new Error('the account is gone');
  return account;
}

/** The usage kind of a landscape written again on request, counted against the plan's daily limit. */
const REGENERATIONS = 'landscapeRegenerations';

/**
 * The landscape service wired to the app's other modules (a test may give another composer of
 * the words); `close` stops its watch on other processes' changes.
 */
export function landscapeServiceOf(
  app: FastifyInstance,
  composer?: LandscapeComposer,
): { service: LandscapeService; close: () => Promise<void> } {
  const regenerations = app.allowances.of(REGENERATIONS);
  const latest = new CoherentCache<LatestLandscape | null>((onChange) =>
    app.database.watchChanges(LANDSCAPE_CHANGES_CHANNEL, onChange, app.log),
  );
  const service = new LandscapeService({
    repo: new LandscapeRepository(app.database.db, latest),
    clock: app.clock,
    appUrl: app.config.appUrl,
    ...(composer && { composer }),
    birthOf: (userId) => app.birthData.birthFacts(userId),
    placeById: (id) => app.places.getById(id) ?? null,
    allowance: {
      consume: async (userId) => regenerations.consume(await accountFor(app, userId)),
      usage: async (userId) => regenerations.usage(await accountFor(app, userId)),
    },
  });
  return { service, close: () => latest.close() };
}

/** The daily cosmic landscape under /api/cosmic-landscape, and its pre-generation job. */
export const landscapeModule = defineModule({
  name: 'landscape',
  dependencies: ['auth', 'subscription', 'places', 'birth-data'],
  migrations: {
    '0050-landscapes': landscapes,
    '0051-landscapes-by-time': landscapesByTime,
    '0052-landscape-change-notices': landscapeChangeNotices,
  },
  async register(app, { jobs }) {
    app.features.declare({
      id: 'landscape',
      planKinds: ['full'],
      refusal:
        'Your plan does not include the daily cosmic landscape. Choose a full plan on the Subscription page to unlock it.',
    });
    app.allowances.declare({ kind: REGENERATIONS });
    const { service, close } = landscapeServiceOf(app);
    app.addHook('onClose', close);
    /** The calendar feed and the scheduled job have no session: the account is checked by id. */
    const canUse = async (userId: string) => {
      const account = await app.auth.accountOf(userId);
      return (
        !!account &&
        !account.disabled &&
        account.emailVerified &&
        (await app.features.unlocks(account, 'landscape'))
      );
    };
    const feeds = new CalendarFeeds({
      service,
      throttle: app.throttle,
      readsPerToken: app.config.throttle.calendarReadsPerToken,
      canUse,
      appUrl: app.config.appUrl,
    });
    // A calendar address outlives no "sign out everywhere": it shows natal placements.
    app.auth.onSignedOutEverywhere(async (userId) => {
      await service.voidCalendarLink(userId);
      feeds.forget(userId);
    });
    // The person's day (the landscape's, the daily allowances') starts at this zone's midnight.
    app.personalZones.provide((userId) => service.personalZone(userId));
    app.birthData.onChange((userId) => service.birthDataChanged(userId));
    app.auth.addExportSection('cosmicLandscape', (userId) => service.exportSection(userId));
    app.decorate('landscapeNotes', landscapeNotes(service));
    await app.register(landscapeRoutes, {
      prefix: '/api/cosmic-landscape',
      service,
      guard: app.requireFeature('landscape'),
      feeds,
    });

    const pregenerateAll = async () => {
      let after = '';
      let built = 0;
      for (;;) {
        const ids = await app.birthData.userIdsAfter(after, PREGENERATION_BATCH);
        if (ids.length === 0) return built;
        const allowed: string[] = [];
        for (const id of ids) if (await canUse(id)) allowed.push(id);
        built += (await service.pregenerate(allowed)).built;
        after = ids[ids.length - 1]!;
      }
    };
    app.decorate('landscapePregeneration', pregenerateAll);
    app.decorate('landscapeFigures', new LandscapeAdminFigures(app.database.db));

    if (jobs)
      app.scheduledJobs.every(app, {
        name: 'landscape pre-generation',
        intervalMs: PREGENERATION_INTERVAL_MS,
        task: pregenerateAll,
      });
  },
});
