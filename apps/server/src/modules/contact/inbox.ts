import {
  AdminIdParamsSchema,
  adminAnswer,
  ContactInboxItemSchema,
  ContactInboxPageSchema,
  ContactInboxQuerySchema,
  ContactReplySchema,
} from '@app/contracts/admin.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { auditActorOf } from '../../platform/audit/audit-log.ts';
import type { Tables } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { composeMail, PRODUCT_NAME } from '../../platform/mailer/compose.ts';

// The contact form's messages as an inbox in the admin area (/api/admin/contact-messages): list,
// mark handled, reply by mail. Every change goes to the audit log.

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const MISSING = 'No contact message has this id.';

const toItem = (row: {
  id: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  created_at: string;
  handled_at: string | null;
}) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  topic: row.topic,
  message: row.message,
  createdAt: row.created_at,
  handledAt: row.handled_at,
});

export const contactInboxRoutes: FastifyPluginAsyncZod<{ db: Kysely<Tables> }> = async (app, { db }) => {
  app.addHook('onRequest', app.requireAdmin);
  const columns = ['id', 'name', 'email', 'topic', 'message', 'created_at', 'handled_at'] as const;
  const find = async (id: string) => {
    const row = await db
      .selectFrom('contact_messages')
      .select(columns)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(MISSING);
    return row;
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
    async (request) => {
      const { status, limit, offset } = request.query;
      let filtered = db.selectFrom('contact_messages');
      if (status === 'open') filtered = filtered.where('handled_at', 'is', null);
      if (status === 'handled') filtered = filtered.where('handled_at', 'is not', null);
      const [rows, count] = await Promise.all([
        filtered
          .select(columns)
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { success: true as const, data: { messages: rows.map(toItem), total: Number(count.n) } };
    },
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
      const handledAt = before.handled_at ?? app.clock.now().toISOString();
      await db
        .updateTable('contact_messages')
        .set({ handled_at: handledAt })
        .where('id', '=', before.id)
        .execute();
      await app.audit.record(auditActorOf(request), {
        action: 'contact.handled',
        targetType: 'contact-message',
        targetId: before.id,
        before: { handledAt: before.handled_at },
        after: { handledAt },
      });
      return { success: true as const, data: toItem({ ...before, handled_at: handledAt }) };
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
          `You wrote on ${message.created_at.slice(0, 10)}:\n${message.message}`,
        ]),
      );
      const handledAt = message.handled_at ?? app.clock.now().toISOString();
      await db
        .updateTable('contact_messages')
        .set({ handled_at: handledAt })
        .where('id', '=', message.id)
        .execute();
      await app.audit.record(auditActorOf(request), {
        action: 'contact.reply',
        targetType: 'contact-message',
        targetId: message.id,
        after: { reply: request.body.body, handledAt },
      });
      return { success: true as const, data: toItem({ ...message, handled_at: handledAt }) };
    },
  );
};
