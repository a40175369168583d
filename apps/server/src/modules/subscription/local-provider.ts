import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import { addInterval } from './periods.ts';
import type { CheckoutRequest, PaymentProvider } from './provider.ts';
import type { SubscriptionRepository, SubscriptionRow } from './repository.ts';
import type { SubscriptionService } from './service.ts';
import type { CardBehaviour } from './tables.ts';

const CARD_SESSION_TTL_MS = 60 * 60_000;

/**
 * The built-in test provider: checkout and card pages served by this server (see pay-pages.ts),
 * and renewals run by advanceLocalSubscriptions on the injected clock.
 */
export class LocalProvider implements PaymentProvider {
  readonly name = 'local' as const;

  constructor(
    private readonly repo: SubscriptionRepository,
    private readonly clock: Clock,
    private readonly appUrl: string,
  ) {}

  async createCheckout(request: CheckoutRequest) {
    return { url: `${this.appUrl}/pay/checkout/${request.sessionId}`, providerSessionId: null };
  }

  // The local provider's records are our own rows, which the service updates (or which go with the account).
  async setCancelAtPeriodEnd(): Promise<void> {}
  async cancelNow(): Promise<void> {}

  async manageCardUrl(subscription: SubscriptionRow): Promise<string> {
    const id = randomBytes(24).toString('base64url');
    const now = this.clock.now();
    await this.repo.insertSession({
      id,
      user_id: subscription.user_id,
      kind: 'card',
      customer_email: subscription.customer_email,
      customer_name: subscription.customer_name,
      plan_id: subscription.plan_id,
      coupon_code: null,
      status: 'open',
      provider_session_id: null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CARD_SESSION_TTL_MS).toISOString(),
      completed_at: null,
    });
    return `${this.appUrl}/pay/card/${id}`;
  }
}

const MAX_ROUNDS = 200;

/**
 * Moves local subscriptions whose period has ended, as the real provider would: a trial or
 * period turns into a paid renewal (or past_due when the card fails), a subscription set to
 * cancel ends, and one still past_due at the end of the next period becomes unpaid. Repeats
 * until nothing is due, so a clock moved far ahead catches up period by period.
 */
export async function advanceLocalSubscriptions(service: SubscriptionService, clock: Clock): Promise<number> {
  const repo = service.repo;
  let steps = 0;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const now = clock.now();
    const due = await repo.localDue(now.toISOString());
    if (due.length === 0) break;
    for (const row of due) {
      await service.inTransaction(async (db, after) => {
        const current = await repo.findSubscription(row.user_id, db);
        if (!current?.current_period_end || current.current_period_end !== row.current_period_end) return;
        const state = service.stateOf(current);
        const version = Math.max(now.getTime(), Number(current.provider_version) + 1);
        if (Number(current.cancel_at_period_end) === 1) {
          await service.applyState(
            { ...state, status: 'canceled', canceledAt: current.current_period_end, version },
            db,
            after,
          );
          return;
        }
        if (current.status === 'past_due') {
          await service.applyState({ ...state, status: 'unpaid', version }, db, after);
          return;
        }
        const plan = await repo.findPlan(current.plan_id, db);
        if (!plan) return;
        const amount = service.priceOfNextPeriod(current, plan);
        const start = new Date(current.current_period_end);
        const end = addInterval(start, plan.interval);
        const paid = amount === 0 || current.card_behaviour === 'succeeds';
        await service.applyState(
          {
            ...state,
            status: paid ? 'active' : 'past_due',
            currentPeriodStart: start.toISOString(),
            currentPeriodEnd: end.toISOString(),
            discountPeriodsLeft: service.periodsLeftAfterCharge(current),
            pastDueSince: start.toISOString(),
            version,
          },
          db,
          after,
        );
        await service.recordInvoice(
          {
            userId: current.user_id,
            providerInvoiceId: `local_${randomUUID()}`,
            status: paid ? 'paid' : 'failed',
            amountMinor: amount,
            currency: plan.currency,
            planId: plan.id,
            periodStart: start.toISOString(),
            periodEnd: end.toISOString(),
            couponCode:
              current.discount_periods_left === null || Number(current.discount_periods_left) > 0
                ? current.coupon_code
                : null,
          },
          db,
          after,
        );
      });
      steps += 1;
    }
  }
  return steps;
}

/**
 * A new card from the local card page; when a payment is outstanding it is retried at once.
 * Returns whether every outstanding payment is now settled.
 */
export async function replaceLocalCard(
  service: SubscriptionService,
  userId: string,
  card: { last4: string; behaviour: CardBehaviour },
): Promise<boolean> {
  return service.inTransaction(async (db, after) => {
    await service.repo.updateSubscription(
      userId,
      { card_last4: card.last4, card_behaviour: card.behaviour },
      db,
    );
    const open = await service.repo.openInvoices(userId, db);
    if (card.behaviour !== 'succeeds') return open.length === 0;
    for (const invoice of open) {
      await service.recordInvoice(
        {
          userId,
          providerInvoiceId: invoice.provider_invoice_id ?? invoice.id,
          status: 'paid',
          amountMinor: Number(invoice.amount_minor),
          currency: invoice.currency,
          planId: invoice.plan_id,
          periodStart: invoice.period_start,
          periodEnd: invoice.period_end,
          couponCode: invoice.coupon_code,
        },
        db,
        after,
      );
    }
    return true;
  });
}
