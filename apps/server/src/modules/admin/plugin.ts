import { mailBacklog } from '../../platform/mailer/outbox-figures.ts';
import { defineModule } from '../../platform/module.ts';
import type { AdminReads } from './reads.ts';
import { AdminReports } from './reports.ts';
import { adminRoutes } from './routes.ts';
import { AdminUsers } from './users.ts';

/**
 * The operators' admin area under /api/admin: figures, people, subscriptions, usage, system
 * health and the audit log. It reads the other modules through the read models they declare for
 * operators (app.accountFigures, app.subscriptionFigures, app.chatFigures, app.landscapeFigures,
 * app.partnerFigures, app.contactFigures; decision 0219), never their tables, and changes accounts
 * only through the auth module's service. Partner applications and contact messages keep their
 * admin routes in their own modules.
 */
export const adminModule = defineModule({
  name: 'admin',
  dependencies: ['auth', 'subscription', 'partners', 'contact', 'birth-data', 'landscape', 'chat'],
  migrations: {},
  async register(app, { jobs }) {
    const reads: AdminReads = {
      accountFigures: app.accountFigures,
      birthProfileFigures: app.birthProfileFigures,
      subscriptionFigures: app.subscriptionFigures,
      chatFigures: app.chatFigures,
      landscapeFigures: app.landscapeFigures,
      partnerFigures: app.partnerFigures,
      contactFigures: app.contactFigures,
    };
    const reports = new AdminReports(reads, () => mailBacklog(app.database.db));
    const users = new AdminUsers({ reads, auth: app.auth, audit: app.audit });
    await app.register(adminRoutes, { prefix: '/api/admin', reads, reports, users, jobs: Boolean(jobs) });
  },
});
