import { ContactBodySchema, ContactInfoResultSchema, ContactResultSchema } from '@app/contracts/contact.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_MESSAGES, type ContactService } from './service.ts';

/** POST /api/contact and GET /api/contact/info (prefix /api/contact). Public. */
export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  const tags = ['contact'];

  app.post(
    '/',
    { schema: { tags, body: ContactBodySchema, response: { 201: ContactResultSchema } } },
    async (request, reply) => {
      await contact.send(request.body, request.ip);
      return reply.status(201).send({ success: true as const, message: CONTACT_MESSAGES.sent });
    },
  );

  app.get('/info', { schema: { tags, response: { 200: ContactInfoResultSchema } } }, async () => ({
    success: true as const,
    supportEmail: contact.supportEmail,
  }));
};
