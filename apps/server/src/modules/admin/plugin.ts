import { defineModule } from '../../platform/module.ts';
import { AdminReports } from './reports.ts';
import { adminRoutes } from './routes.ts';
import { AdminUsers } from './users.ts';

/**
 * The operators' admin area under /api/admin: figures, people, subscriptions, usage, system
 * health and the audit log. It reads the other modules' tables for its reports (decision 0190)
 * and changes accounts only through the auth module's service. Partner applications and contact
 * messages keep their admin routes in their own modules.
 */
export const adminModule = defineModule({
  name: 'admin',
  dependencies: ['auth', 'subscription', 'partners', 'contact', 'landscape', 'chat'],
  migrations: {},
  async register(app, { jobs }) {
    const reports = new AdminReports(app.database.db);
    const users = new AdminUsers({
      db: app.database.db,
      engine: app.database.engine,
      auth: app.auth,
      audit: app.audit,
    });
    await app.register(adminRoutes, { prefix: '/api/admin', reports, users, jobs: Boolean(jobs) });
  },
});
