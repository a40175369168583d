import {
  AffiliateAttributeBodySchema,
  AffiliateAttributeResultSchema,
  AffiliateClickBodySchema,
  AffiliateClickResultSchema,
} from '@app/contracts/affiliate.ts';
import {
  AdminApplicationsQuerySchema,
  AdminApplicationsResultSchema,
  AdminPartnerStatsResultSchema,
  AdminPartnersResultSchema,
  ApproveApplicationBodySchema,
  ApproveApplicationResultSchema,
  ConfirmApplicationChangesBodySchema,
  ConfirmApplicationChangesResultSchema,
  IdParamsSchema,
  PartnerApplicationBodySchema,
  PartnerApplicationResultSchema,
  PartnerProgrammeResultSchema,
  RejectApplicationBodySchema,
  RejectApplicationResultSchema,
} from '@app/contracts/partners.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../../platform/audit/audit-log.ts';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AffiliateService } from './affiliate.ts';
import type { PartnerService } from './service.ts';

const bearer = [{ bearerAuth: [] }];

/** Public programme figures, applications and first-party affiliate tracking (prefix /api). */
export const partnerRoutes: FastifyPluginAsyncZod<{
  partners: PartnerService;
  affiliate: AffiliateService;
}> = async (app, { partners, affiliate }) => {
  const tags = ['partners'];

  app.get(
    '/partners/programme',
    { schema: { tags, response: { 200: PartnerProgrammeResultSchema } } },
    async () => ({ success: true as const, programme: partners.programme() }),
  );

  app.post(
    '/partners/applications',
    {
      schema: {
        tags,
        body: PartnerApplicationBodySchema,
        response: { 201: PartnerApplicationResultSchema, 202: PartnerApplicationResultSchema },
      },
    },
    async (request, reply) => {
      const { awaitingConfirmation, message } = await partners.apply(request.body, request.ip);
      return reply
        .status(awaitingConfirmation ? 202 : 201)
        .send({ success: true as const, message, awaitingConfirmation });
    },
  );

  app.post(
    '/partners/applications/confirm',
    {
      schema: {
        tags,
        body: ConfirmApplicationChangesBodySchema,
        response: { 200: ConfirmApplicationChangesResultSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await partners.confirmChanges(request.body.token)) }),
  );

  app.post(
    '/affiliate/click',
    {
      schema: {
        tags: ['affiliate'],
        body: AffiliateClickBodySchema,
        response: { 200: AffiliateClickResultSchema },
      },
    },
    async (request) => ({
      success: true as const,
      recorded: await affiliate.recordClick(request.body, request.ip),
    }),
  );

  app.post(
    '/affiliate/attribute',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['affiliate'],
        security: bearer,
        body: AffiliateAttributeBodySchema,
        response: { 200: AffiliateAttributeResultSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await affiliate.attribute(currentUser(request), request.body.visitorId)),
    }),
  );
};

// Both fields have defaults, so a request without a body is a plain approval.
const approveBody = z.preprocess((value) => value ?? {}, ApproveApplicationBodySchema);

/** The operators' API (prefix /api/admin/partners): admin role only. */
export const adminPartnerRoutes: FastifyPluginAsyncZod<{ partners: PartnerService }> = async (
  app,
  { partners },
) => {
  const tags = ['admin'];
  // Before the body is even parsed: guests get 401 and users 403 whatever they send.
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/applications',
    {
      schema: {
        tags,
        security: bearer,
        querystring: AdminApplicationsQuerySchema,
        response: { 200: AdminApplicationsResultSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await partners.listApplications(request.query)) }),
  );

  app.post(
    '/applications/:id/approve',
    {
      schema: {
        tags,
        security: bearer,
        params: IdParamsSchema,
        body: approveBody,
        response: { 200: ApproveApplicationResultSchema },
      },
    },
    async (request) => {
      const approved = await partners.approve(request.params.id, request.body);
      await app.audit.record(auditActorOf(request), {
        action: 'partner.approve',
        targetType: 'partner-application',
        targetId: request.params.id,
        after: request.body,
      });
      return { success: true as const, ...approved };
    },
  );

  app.post(
    '/applications/:id/reject',
    {
      schema: {
        tags,
        security: bearer,
        params: IdParamsSchema,
        body: RejectApplicationBodySchema,
        response: { 200: RejectApplicationResultSchema },
      },
    },
    async (request) => {
      const application = await partners.reject(request.params.id, request.body.reason);
      await app.audit.record(auditActorOf(request), {
        action: 'partner.reject',
        targetType: 'partner-application',
        targetId: request.params.id,
        after: { reason: request.body.reason },
      });
      return { success: true as const, application };
    },
  );

  app.get(
    '/',
    { schema: { tags, security: bearer, response: { 200: AdminPartnersResultSchema } } },
    async () => ({ success: true as const, partners: await partners.listPartners() }),
  );

  app.get(
    '/:id/stats',
    {
      schema: {
        tags,
        security: bearer,
        params: IdParamsSchema,
        response: { 200: AdminPartnerStatsResultSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await partners.stats(request.params.id)) }),
  );
};
