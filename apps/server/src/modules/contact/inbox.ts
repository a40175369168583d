import {
  AdminIdParamsSchema,
  adminAnswer,
  ContactInboxItemSchema,
  ContactInboxPageSchema,
  ContactInboxQuerySchema,
  ContactReplySchema,
} from '@app/contracts/admin.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActorOf } from '../../platform/audit/audit-log.ts';
import { notFound } from '../../platform/errors.ts';
import { composeMail, PRODUCT_NAME } from '../../platform/mailer/compose.ts';
import type { ContactRepository } from './repository.ts';

// The contact form's messages as an inbox in the admin area (/api/admin/contact-messages): list,
// mark handled, reply by mail. Every change goes to the audit log.

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const MISSING = 'No contact message has this id.';

export const contactInboxRoutes: FastifyPluginAsyncZod<{
  repo: Pick<ContactRepository, 'findInInbox' | 'inboxPage' | 'markHandled'>;
}> = async (app, { repo }) => {
  app.addHook('onRequest', app.requireAdmin);
  const find = async (id: string) => {
    const message = await repo.findInInbox(id);
    if (!message) throw notFound(MISSING);
    return message;
  };

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        querystring: ContactInboxQuerySchema,
        response: { 200: adminAnswer(ContactInboxPageSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await repo.inboxPage(request.query) }),
  );

  app.post(
    '/:id/handled',
    {
      schema: {
        tags,
        security,
        params: AdminIdParamsSchema,
        response: { 200: adminAnswer(ContactInboxItemSchema) },
      },
    },
    async (request) => {
      const before = await find(request.params.id);
      const handledAt = before.handledAt ?? app.clock.now().toISOString();
      await repo.markHandled(before.id, handledAt);
      await app.audit.record(auditActorOf(request), {
        action: 'contact.handled',
        targetType: 'contact-message',
        targetId: before.id,
        before: { handledAt: before.handledAt },
        after: { handledAt },
      });
      return { success: true as const, data: { ...before, handledAt } };
    },
  );

  app.post(
    '/:id/reply',
    {
      schema: {
        tags,
        security,
        params: AdminIdParamsSchema,
        body: ContactReplySchema,
        response: { 200: adminAnswer(ContactInboxItemSchema) },
      },
    },
    async (request) => {
      const message = await find(request.params.id);
      await app.mailer.queue(
        composeMail(message.email, `Re: your message to ${PRODUCT_NAME}`, [
          request.body.body,
          `You wrote on ${message.createdAt.slice(0, 10)}:\n${message.message}`,
        ]),
      );
      const handledAt = message.handledAt ?? app.clock.now().toISOString();
      await repo.markHandled(message.id, handledAt);
      await app.audit.record(auditActorOf(request), {
        action: 'contact.reply',
        targetType: 'contact-message',
        targetId: message.id,
        after: { reply: request.body.body, handledAt },
      });
      return { success: true as const, data: { ...message, handledAt } };
    },
  );
};
