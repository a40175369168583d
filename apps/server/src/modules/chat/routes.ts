import {
  ChatDoneSchema,
  ChatMemorySchema,
  ChatMessageBodySchema,
  ChatSessionDetailSchema,
  ChatSessionSchema,
  ChatStartersSchema,
  ChatStopBodySchema,
  ChatUsageSchema,
  CreateSessionBodySchema,
  chatAnswer,
  RenameSessionBodySchema,
  SessionParamsSchema,
} from '@app/contracts/chat.ts';
import { OkMessageSchema } from '@app/contracts/errors.ts';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth-guard.ts';
import { describeFailure } from '../../platform/errors.ts';
import type { ChatService } from './service.ts';

const security = [{ bearerAuth: [] }];
const tags = ['chat'];

export interface ChatRouteOptions {
  service: ChatService;
  /** preHandler: signed in, verified, paid access with a plan that includes the chat. */
  guard: preHandlerAsyncHookHandler;
}

/** /api/chat/*: the person's own conversations only; another person's conversation is a 404. */
export const chatRoutes: FastifyPluginAsyncZod<ChatRouteOptions> = async (app, { service, guard }) => {
  const ok = <T>(data: T) => ({ success: true as const, data });
  const options = { preHandler: guard };

  app.get(
    '/usage',
    { ...options, schema: { tags, security, response: { 200: chatAnswer(ChatUsageSchema) } } },
    async (request) => ok(await service.usage(currentUser(request))),
  );
  app.get(
    '/starters',
    { ...options, schema: { tags, security, response: { 200: chatAnswer(ChatStartersSchema) } } },
    async (request) => ok(await service.starters(currentUser(request))),
  );
  app.get(
    '/sessions',
    { ...options, schema: { tags, security, response: { 200: chatAnswer(z.array(ChatSessionSchema)) } } },
    async (request) => ok(await service.sessions(currentUser(request))),
  );
  app.post(
    '/sessions',
    {
      ...options,
      // The body is optional: no body means a conversation with the default title.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags,
        security,
        body: CreateSessionBodySchema,
        response: { 201: chatAnswer(ChatSessionSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await service.create(currentUser(request), request.body.title))),
  );
  app.get(
    '/sessions/:id',
    {
      ...options,
      schema: {
        tags,
        security,
        params: SessionParamsSchema,
        response: { 200: chatAnswer(ChatSessionDetailSchema) },
      },
    },
    async (request) => ok(await service.detail(currentUser(request), request.params.id)),
  );
  app.patch(
    '/sessions/:id',
    {
      ...options,
      schema: {
        tags,
        security,
        params: SessionParamsSchema,
        body: RenameSessionBodySchema,
        response: { 200: chatAnswer(ChatSessionSchema) },
      },
    },
    async (request) => ok(await service.rename(currentUser(request), request.params.id, request.body.title)),
  );
  app.delete(
    '/sessions/:id',
    {
      ...options,
      schema: { tags, security, params: SessionParamsSchema, response: { 200: OkMessageSchema } },
    },
    async (request) => {
      await service.remove(currentUser(request), request.params.id);
      return { success: true as const, message: 'The conversation was deleted.' };
    },
  );
  app.get(
    '/memory',
    { ...options, schema: { tags, security, response: { 200: chatAnswer(z.array(ChatMemorySchema)) } } },
    async (request) => ok(await service.memories(currentUser(request))),
  );
  app.delete(
    '/memory/:id',
    {
      ...options,
      schema: { tags, security, params: SessionParamsSchema, response: { 200: OkMessageSchema } },
    },
    async (request) => {
      await service.forgetMemory(currentUser(request), request.params.id);
      return { success: true as const, message: 'The assistant has forgotten it.' };
    },
  );

  // Closing the answer's stream stops it, but only the person's screen knows how much of it they
  // saw: this cuts the stored answer to that (see ChatStopBodySchema).
  app.post(
    '/sessions/:id/stop',
    {
      ...options,
      schema: {
        tags,
        security,
        params: SessionParamsSchema,
        body: ChatStopBodySchema,
        response: { 200: chatAnswer(ChatDoneSchema.nullable()) },
      },
    },
    async (request) => ok(await service.stopAnswer(currentUser(request), request.params.id, request.body)),
  );

  // The answer streams as server-sent events: `event: started` with the stored question, a `data:`
  // event per piece, then `event: done` with the stored messages, or `event: failed` with the error
  // when the answer could not be stored. Refusals (unknown conversation, limits) come before the
  // stream, as JSON.
  app.post(
    '/sessions/:id/messages',
    { ...options, schema: { tags, security, params: SessionParamsSchema, body: ChatMessageBodySchema } },
    async (request, reply) => {
      const stop = new AbortController();
      const raw = reply.raw;
      // Listened for from the start: a stream closed while the answer is prepared stops it too.
      raw.on('close', () => {
        if (!raw.writableFinished) stop.abort();
      });
      const exchange = await service.send(
        currentUser(request),
        request.params.id,
        request.body.content,
        stop.signal,
      );
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write(
        `event: started\ndata: ${JSON.stringify({ sessionId: exchange.session.id, userMessage: exchange.userMessage })}\n\n`,
      );
      try {
        for await (const text of exchange.pieces) {
          if (stop.signal.aborted) break;
          raw.write(`data: ${JSON.stringify({ text })}\n\n`);
        }
      } catch (error) {
        request.log.error({ err: error }, 'chat answer failed');
      }
      let message: Awaited<ReturnType<typeof exchange.finish>>;
      try {
        message = await exchange.finish();
      } catch (error) {
        // The answer could not be stored (the database stayed away through finish's retries):
        // the stream ends with the reason instead of its done event, so the client is not left waiting.
        request.log.error({ err: error }, 'chat answer could not be stored');
        if (!raw.destroyed) raw.end(`event: failed\ndata: ${JSON.stringify(describeFailure(error))}\n\n`);
        return;
      }
      if (!raw.destroyed) {
        raw.end(
          `event: done\ndata: ${JSON.stringify({ sessionId: exchange.session.id, message, userMessage: exchange.userMessage })}\n\n`,
        );
      }
    },
  );
};
