import { NOTIFICATION_SETTINGS_PATH } from '@app/contracts/notifications.ts';
import { defineModule } from '../../platform/module.ts';
import { readOrCreateVapidKeys } from './config.ts';
import { DailyNotes, type RunReport } from './daily-notes.ts';
import { Deliveries } from './deliveries.ts';
import * as notificationTables from './migrations/0070-notifications.ts';
import { PushSender } from './push-delivery.ts';
import { NotificationsRepository } from './repository.ts';
import { NOTES_FEATURE, notificationRoutes } from './routes.ts';
import { NotificationsService } from './service.ts';
import { UnsubscribeLinks } from './unsubscribe-links.ts';
import { unsubscribeRoutes } from './unsubscribe-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** One pass of the minute job (notes, digests, retries); for tests and the bench. */
    notificationsRun: () => Promise<RunReport>;
  }
}

const JOB_INTERVAL_MS = 60_000;

/**
 * The daily note by Web Push and the email digest under /api/notifications (decision 0218):
 * devices and settings, the minute job that sends at each person's hour, and the one-click
 * unsubscribe of the mails. Both tables join the account export and deletion.
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  dependencies: ['auth', 'subscription', 'birth-data', 'landscape'],
  migrations: { '0070-notifications': notificationTables },
  async register(app, { jobs }) {
    const { config } = app;
    const settings = config.notifications ?? {
      vapidKeys: null,
      vapidSubject: `mailto:${config.contact.supportEmail}`,
      allowLoopbackHttp: false,
    };
    app.features.declare({
      id: NOTES_FEATURE,
      planKinds: ['full'],
      refusal:
        'Your plan does not include the daily note and digest. Choose a full plan on the Subscription page to turn them on.',
    });
    const policy = { allowLoopback: settings.allowLoopbackHttp };
    const sender = new PushSender({
      keys: settings.vapidKeys ?? readOrCreateVapidKeys(config.dataDir),
      subject: settings.vapidSubject,
      policy,
    });
    app.addHook('onClose', async () => sender.close());
    const repo = new NotificationsRepository(app.database.db);
    const deliveries = new Deliveries({
      repo,
      sender,
      clock: app.clock,
      onFailure: (device, outcome) =>
        app.log.warn(
          {
            deviceId: device.id,
            outcome: outcome.kind,
            reason: 'reason' in outcome ? outcome.reason : undefined,
          },
          'push note not delivered',
        ),
    });
    const zoneOf = (userId: string) => app.personalZones.of(userId);
    const service = new NotificationsService({
      repo,
      deliveries,
      clock: app.clock,
      throttle: app.throttle,
      policy,
      zoneOf,
    });
    const links = new UnsubscribeLinks(config.jwtSecret, config.appUrl);
    const dailyNotes = new DailyNotes({
      repo,
      deliveries,
      clock: app.clock,
      mailer: app.mailer,
      links,
      appUrl: config.appUrl,
      notes: app.landscapeNotes,
      zoneOf,
      // Asked at send time: a person who lost the plan (or the account) stops getting notes at once.
      async recipientOf(userId) {
        const account = await app.auth.findAccountById(userId);
        if (!account || account.disabled || !account.emailVerified) return null;
        return (await app.features.unlocks(account, NOTES_FEATURE)) ? account : null;
      },
    });
    app.decorate('notificationsRun', () => dailyNotes.run());
    app.birthData.onChange(async (userId) => dailyNotes.forgetZone(userId));

    app.auth.addExportSection('notifications', (userId) => repo.exportOf(userId));
    app.auth.onAccountDeleted(({ id }) => repo.forgetPerson(id));
    await app.register(notificationRoutes, {
      prefix: '/api/notifications',
      service,
      publicKey: sender.publicKey,
    });
    await app.register(unsubscribeRoutes, {
      prefix: '/api/notifications',
      links,
      settingsUrl: `${config.appUrl}/${NOTIFICATION_SETTINGS_PATH.replace(/^\//, '')}`,
      stopEmail: (userId) => repo.stopEmail(userId, app.clock.now().toISOString()),
    });

    if (jobs)
      app.scheduledJobs.every(app, {
        name: 'daily notes and digests',
        intervalMs: JOB_INTERVAL_MS,
        task: () => dailyNotes.run(),
      });
  },
});
