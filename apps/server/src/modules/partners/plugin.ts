import { defineModule } from '../../platform/module.ts';
import { PartnerAdminFigures } from './admin-figures.ts';
import { AffiliateService } from './affiliate.ts';
import { LedgerRepository } from './ledger-repository.ts';
import * as partners from './migrations/0040-partners.ts';
import * as applicationChanges from './migrations/0043-application-changes.ts';
import { PartnerRepository } from './repository.ts';
import { adminPartnerRoutes, partnerRoutes } from './routes.ts';
import { PartnerService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Partner coupons and conversions, for the subscription module. */
    affiliate: AffiliateService;
  }
}

/**
 * The partner programme and affiliate tracking: decorates app.affiliate, adds the account export
 * section, and registers the public routes under /api and the operators' under /api/admin/partners.
 */
export const partnersModule = defineModule({
  name: 'partners',
  dependencies: ['auth'],
  migrations: { '0040-partners': partners, '0043-application-changes': applicationChanges },
  async register(app) {
    const { config } = app;
    const settings = config.programme;
    const repo = new PartnerRepository(app.database.db);
    const ledger = new LedgerRepository(app.database.db);
    const partners = new PartnerService({
      repo,
      ledger,
      mailer: app.mailer,
      throttle: app.throttle,
      clock: app.clock,
      settings,
      appUrl: config.appUrl,
      rules: settings.limits,
    });
    const affiliate = new AffiliateService({
      repo,
      ledger,
      clock: app.clock,
      throttle: app.throttle,
      settings,
      rules: settings.limits,
    });
    app.decorate('affiliate', affiliate);
    app.decorate('partnerFigures', new PartnerAdminFigures(app.database.db));

    app.auth.addExportSection('partnerProgramme', async (userId, verifiedEmail) => ({
      attribution: await affiliate.attributionOf(userId),
      applications: verifiedEmail ? await partners.applicationsOf(verifiedEmail) : [],
    }));

    await app.register(partnerRoutes, { prefix: '/api', partners, affiliate });
    await app.register(adminPartnerRoutes, { prefix: '/api/admin/partners', partners });
  },
});
