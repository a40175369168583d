import {
  ChangePlanBodySchema,
  ChangePlanResultSchema,
  CheckoutResultSchema,
  ConstraintsResultSchema,
  CreateChatbotSubscriptionBodySchema,
  CreateSubscriptionBodySchema,
  InvoicesResultSchema,
  ManageCardResultSchema,
  PlanChangePreviewResultSchema,
  PlansResultSchema,
  PreviewPlanChangeBodySchema,
  ReactivateResultSchema,
  SubscriptionActionResultSchema,
  SubscriptionStatusResultSchema,
  ValidateCouponBodySchema,
  ValidateCouponResultSchema,
} from '@app/contracts/subscription.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AccessReader } from './access.ts';
import type { SubscriptionService } from './service.ts';

const tags = ['subscription'];
const security = [{ bearerAuth: [] }];

export const subscriptionRoutes: FastifyPluginAsyncZod<{
  access: AccessReader;
  service: SubscriptionService;
}> = async (app, { access, service }) => {
  // The catalogue is public: prices are shown before anyone signs in.
  app.get('/plans', { schema: { tags, response: { 200: PlansResultSchema } } }, async () => ({
    success: true as const,
    plans: await service.listPlans(),
  }));

  // Answered to every signed-in person (also unverified) so the web app can decide its guards.
  app.get(
    '/status',
    {
      preHandler: app.requireUser,
      schema: { tags, security, response: { 200: SubscriptionStatusResultSchema } },
    },
    async (request) => access.status(currentUser(request)),
  );

  app.post(
    '/validate-coupon',
    {
      preHandler: app.requireVerified,
      schema: {
        tags,
        security,
        body: ValidateCouponBodySchema,
        response: { 200: ValidateCouponResultSchema },
      },
    },
    async (request) => service.validateCoupon(request.body.couponCode, request.body.planId),
  );

  app.post(
    '/create-subscription',
    {
      preHandler: app.requireVerified,
      schema: { tags, security, body: CreateSubscriptionBodySchema, response: { 200: CheckoutResultSchema } },
    },
    async (request) =>
      service.createCheckout(currentUser(request), request.body.planId, request.body.couponCode),
  );

  app.post(
    '/create-chatbot-subscription',
    {
      // The body is optional (a coupon at most): a request without one is read as {}.
      preValidation: async (request) => {
        request.body ??= {};
      },
      preHandler: app.requireVerified,
      schema: {
        tags,
        security,
        body: CreateChatbotSubscriptionBodySchema,
        response: { 200: CheckoutResultSchema },
      },
    },
    async (request) =>
      service.createCheckout(currentUser(request), { kind: 'chat' }, request.body?.couponCode),
  );

  app.post(
    '/cancel',
    {
      preHandler: app.requireVerified,
      schema: { tags, security, response: { 200: SubscriptionActionResultSchema } },
    },
    async (request) => service.cancel(currentUser(request)),
  );

  app.post(
    '/preview-plan-change',
    {
      preHandler: app.requireVerified,
      schema: {
        tags,
        security,
        body: PreviewPlanChangeBodySchema,
        response: { 200: PlanChangePreviewResultSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.previewPlanChange(currentUser(request), request.body.planId),
    }),
  );

  app.post(
    '/change-plan',
    {
      preHandler: app.requireVerified,
      schema: { tags, security, body: ChangePlanBodySchema, response: { 200: ChangePlanResultSchema } },
    },
    async (request) => service.changePlan(currentUser(request), request.body.planId, request.body.quotedAt),
  );

  app.post(
    '/reactivate',
    {
      preHandler: app.requireVerified,
      schema: { tags, security, response: { 200: ReactivateResultSchema } },
    },
    async (request) => service.reactivate(currentUser(request)),
  );

  app.post(
    '/update-payment-method',
    {
      preHandler: app.requireVerified,
      schema: { tags, security, response: { 200: ManageCardResultSchema } },
    },
    async (request) => service.manageCard(currentUser(request)),
  );

  app.get(
    '/constraints',
    { preHandler: app.requireUser, schema: { tags, security, response: { 200: ConstraintsResultSchema } } },
    async (request) => service.allowances.constraints(currentUser(request)),
  );

  app.get(
    '/invoices',
    { preHandler: app.requireUser, schema: { tags, security, response: { 200: InvoicesResultSchema } } },
    async (request) => ({ success: true as const, invoices: await service.invoices(currentUser(request)) }),
  );
};
