import { OkMessageSchema } from '@app/contracts/errors.ts';
import {
  NotificationSettingsInputSchema,
  NotificationSettingsSchema,
  notificationsAnswer,
  PushDeviceIdParamsSchema,
  PushDeviceListSchema,
  PushEndpointSchema,
  PushSubscriptionInputSchema,
  TestNotificationResultSchema,
  VapidPublicKeySchema,
} from '@app/contracts/notifications.ts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth-guard.ts';
import type { NotificationsService } from './service.ts';

const security = [{ bearerAuth: [] }];
const tags = ['notifications'];

/** The feature that pays for notes; declared by the plugin. */
export const NOTES_FEATURE = 'daily-notes';

/**
 * /api/notifications (signed in; a person's own devices only, another's id answers 404). Adding a
 * device, turning notes on and the test note need a plan with them; reading, removing and turning
 * off never do, so a person who lost the plan can still tidy up.
 */
export const notificationRoutes: FastifyPluginAsyncZod<{
  service: NotificationsService;
  publicKey: string;
}> = async (app, { service, publicKey }) => {
  const signedIn = { preHandler: app.requireUser };
  const withPlan = { preHandler: app.requireFeature(NOTES_FEATURE) };
  const owner = (request: FastifyRequest) => currentUser(request).id;

  app.get(
    '/vapid-public-key',
    { ...signedIn, schema: { tags, security, response: { 200: notificationsAnswer(VapidPublicKeySchema) } } },
    async () => ({ success: true as const, data: { publicKey } }),
  );

  app.post(
    '/push-subscriptions',
    {
      ...withPlan,
      schema: {
        tags,
        security,
        body: PushSubscriptionInputSchema,
        response: { 201: notificationsAnswer(z.object({ id: z.string() })) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ success: true as const, data: await service.subscribe(owner(request), request.body) }),
  );

  app.get(
    '/push-subscriptions',
    { ...signedIn, schema: { tags, security, response: { 200: notificationsAnswer(PushDeviceListSchema) } } },
    async (request) => ({ success: true as const, data: await service.devices(owner(request)) }),
  );

  app.delete(
    '/push-subscriptions/:id',
    {
      ...signedIn,
      schema: { tags, security, params: PushDeviceIdParamsSchema, response: { 200: OkMessageSchema } },
    },
    async (request) => {
      await service.removeDevice(owner(request), request.params.id);
      return { success: true as const, message: 'The device will get no more notes.' };
    },
  );

  // A browser turning its own note off knows its endpoint, not the device's id (and may have
  // lost the plan that adding a device needs).
  app.delete(
    '/push-subscriptions',
    {
      ...signedIn,
      schema: { tags, security, body: PushEndpointSchema, response: { 200: OkMessageSchema } },
    },
    async (request) => {
      await service.removeDeviceByEndpoint(owner(request), request.body.endpoint);
      return { success: true as const, message: 'The device will get no more notes.' };
    },
  );

  app.get(
    '/settings',
    {
      ...signedIn,
      schema: { tags, security, response: { 200: notificationsAnswer(NotificationSettingsSchema) } },
    },
    async (request) => ({ success: true as const, data: await service.settings(owner(request)) }),
  );

  app.put(
    '/settings',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        body: NotificationSettingsInputSchema,
        response: { 200: notificationsAnswer(NotificationSettingsSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (await service.turnsOn(user.id, request.body)) await app.features.check(user, NOTES_FEATURE);
      return { success: true as const, data: await service.saveSettings(user.id, request.body) };
    },
  );

  app.post(
    '/test',
    {
      ...withPlan,
      schema: { tags, security, response: { 200: notificationsAnswer(TestNotificationResultSchema) } },
    },
    async (request) => ({ success: true as const, data: await service.sendTest(owner(request)) }),
  );
};
