import { defineModule } from '../../platform/module.ts';
import { contactFiguresOf } from './admin-figures.ts';
import { contactInboxRoutes } from './inbox.ts';
import * as contactMessages from './migrations/0041-contact-messages.ts';
import * as contactHandled from './migrations/0042-contact-handled.ts';
import { ContactRepository } from './repository.ts';
import { contactRoutes } from './routes.ts';
import { ContactService } from './service.ts';

/**
 * The contact form under /api/contact and its admin inbox; its messages join the account export
 * and deletion. Decorates app.contactFigures, the admin area's read of its messages.
 */
export const contactModule = defineModule({
  name: 'contact',
  dependencies: ['auth'],
  migrations: { '0041-contact-messages': contactMessages, '0042-contact-handled': contactHandled },
  async register(app) {
    const { config } = app;
    const settings = config.contact;
    const repo = new ContactRepository(app.database.db);
    const contact = new ContactService({
      repo,
      mailer: app.mailer,
      throttle: app.throttle,
      clock: app.clock,
      operatorEmail: settings.operatorEmail,
      supportEmail: settings.supportEmail,
      rules: settings.limits,
    });
    app.auth.addExportSection('contactMessages', async (_userId, verifiedEmail) =>
      verifiedEmail ? contact.messagesFrom(verifiedEmail) : [],
    );
    app.auth.onAccountDeleted(async ({ verifiedEmail }) => {
      if (verifiedEmail) await contact.forget(verifiedEmail);
    });
    await app.register(contactRoutes, { prefix: '/api/contact', contact });
    app.decorate('contactFigures', contactFiguresOf(repo));
    await app.register(contactInboxRoutes, { prefix: '/api/admin/contact-messages', repo });
  },
});
