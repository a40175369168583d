import { nextPeriodPriceMinor, periodsLeftAfterCharge } from './coupons.ts';
import { changedMeanwhile } from './messages.ts';
import { addInterval } from './periods.ts';
import type { LocalPort } from './port.ts';
import {
  couponInNextPayment,
  discountAfterChange,
  discountAfterScheduledSwitch,
  switchSetBy,
  unusedCreditMinor,
} from './proration.ts';
import {
  type CheckoutRequest,
  type PaymentProvider,
  type PlanChangeRequest,
  type ProratedCharge,
  ProviderRefusedError,
} from './provider.ts';
import type { Subscription } from './repository.ts';
import type { CardBehaviour } from './tables.ts';

/** Like a checkout link, the card page opens without a sign-in: a short lifetime. */
const CARD_SESSION_TTL_MS = 15 * 60_000;

/**
 * The built-in test provider: checkout and card pages served by this server (see pay-pages.ts),
 * and renewals run by advanceLocalSubscriptions on the injected clock.
 */
export class LocalProvider implements PaymentProvider {
  readonly name = 'local' as const;

  constructor(
    private readonly port: LocalPort,
    private readonly appUrl: string,
  ) {}

  async createCheckout(request: CheckoutRequest) {
    return { url: `${this.appUrl}/pay/checkout/${request.sessionId}`, providerSessionId: null };
  }

  // The local provider's records are our own rows, which the service updates (or which go with the account).
  async setCancelAtPeriodEnd(): Promise<void> {}
  async cancelNow(): Promise<void> {}

  async manageCardUrl(subscription: Subscription): Promise<string> {
    const id = await this.port.openCardSession(subscription, CARD_SESSION_TTL_MS);
    return `${this.appUrl}/pay/card/${id}`;
  }

  /**
   * The new plan's first period (coupon included) less the unused part of the paid period. What
   * the period was worth is its plan's price less the coupon when its invoice carried one; a period
   * without a paid invoice earns no credit. A credit beyond the new price is not paid out.
   */
  async quotePlanChange(change: PlanChangeRequest): Promise<ProratedCharge> {
    const { subscription: current, from, to, at } = change;
    const price = nextPeriodPriceMinor(change.discount, to.priceMinor);
    if (!current.currentPeriodStart || !current.currentPeriodEnd)
      return { chargeNowMinor: price, creditMinor: 0 };
    const paid = await this.port.paidInvoiceFor(current.userId, current.currentPeriodStart);
    const value =
      paid?.planId === from.id
        ? from.priceMinor - (paid.couponCode ? Math.min(current.discountMinor ?? 0, from.priceMinor) : 0)
        : 0;
    const unused = unusedCreditMinor(
      value,
      new Date(current.currentPeriodStart),
      new Date(current.currentPeriodEnd),
      at,
    );
    const creditMinor = Math.min(unused, price);
    return { chargeNowMinor: price - creditMinor, creditMinor };
  }

  /** Records the change in the subscription (and the charge now in its invoices), in one transaction. */
  async changePlan(change: PlanChangeRequest, charge: ProratedCharge): Promise<void> {
    const { to, timing, at } = change;
    await this.port.inTransaction(async (db, after) => {
      const current = await this.port.findSubscription(change.subscription.userId, db);
      if (!current || !unchanged(current, change.subscription)) throw changedMeanwhile();
      const state = this.port.stateOf(current);
      const version = Math.max(this.port.now().getTime(), current.providerVersion + 1);
      if (timing === 'keep' || timing === 'period_end') {
        await this.port.applyState({ ...state, scheduled: switchSetBy(change), version }, db, after);
        return;
      }
      const changed = { ...state, planId: to.id, ...discountAfterChange(change), scheduled: null, version };
      if (timing === 'trial') {
        await this.port.applyState(changed, db, after);
        return;
      }
      // A plan that costs more: it starts now, charged to the card on file.
      if (charge.chargeNowMinor > 0 && current.cardBehaviour !== 'succeeds') {
        throw new ProviderRefusedError('the local test card was declined');
      }
      const periodStart = at.toISOString();
      const periodEnd = addInterval(at, to.interval).toISOString();
      await this.port.applyState(
        {
          ...changed,
          status: 'active',
          currentPeriodStart: periodStart,
          currentPeriodEnd: periodEnd,
          trialEnd: null,
        },
        db,
        after,
      );
      await this.port.recordLocalCharge(
        {
          userId: current.userId,
          plan: to,
          periodStart,
          periodEnd,
          paid: true,
          amountMinor: charge.chargeNowMinor,
          couponCode: couponInNextPayment(change.discount),
        },
        db,
        after,
      );
    });
  }
}

/** Nothing that a change of plan was worked out from has moved since. */
function unchanged(now: Subscription, then: Subscription): boolean {
  return (
    now.planId === then.planId &&
    now.status === then.status &&
    now.currentPeriodStart === then.currentPeriodStart &&
    now.currentPeriodEnd === then.currentPeriodEnd &&
    now.cancelAtPeriodEnd === then.cancelAtPeriodEnd &&
    now.scheduledPlanId === then.scheduledPlanId
  );
}

const MAX_ROUNDS = 200;

/**
 * Moves local subscriptions whose period has ended, as the real provider would: a trial or
 * period turns into a paid renewal (or past_due when the card fails), a subscription set to
 * cancel ends, and one still past_due at the end of the next period becomes unpaid. Repeats
 * until nothing is due, so a clock moved far ahead catches up period by period.
 */
export async function advanceLocalSubscriptions(port: LocalPort): Promise<number> {
  let steps = 0;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const now = port.now();
    const due = await port.dueBy(now.toISOString());
    if (due.length === 0) break;
    for (const { userId, currentPeriodEnd } of due) {
      await port.inTransaction(async (db, after) => {
        if (!currentPeriodEnd || !(await port.claimPeriodEnd(userId, currentPeriodEnd, db))) return;
        const current = await port.findSubscription(userId, db);
        if (!current?.currentPeriodEnd || current.currentPeriodEnd !== currentPeriodEnd) return;
        const state = port.stateOf(current);
        const version = Math.max(now.getTime(), current.providerVersion + 1);
        if (current.cancelAtPeriodEnd) {
          await port.applyState(
            { ...state, status: 'canceled', canceledAt: current.currentPeriodEnd, version },
            db,
            after,
          );
          return;
        }
        if (current.status === 'past_due') {
          await port.applyState({ ...state, status: 'unpaid', version }, db, after);
          return;
        }
        // A switch of plan set for this period end happens now, with the coupon as it carries over.
        const plan = await port.findPlan(current.scheduledPlanId ?? current.planId, db);
        if (!plan) return;
        const discount = current.scheduledPlanId ? discountAfterScheduledSwitch(current) : current;
        const amountMinor = nextPeriodPriceMinor(discount, plan.priceMinor);
        const start = new Date(current.currentPeriodEnd).toISOString();
        const end = addInterval(new Date(start), plan.interval).toISOString();
        const paid = amountMinor === 0 || current.cardBehaviour === 'succeeds';
        await port.applyState(
          {
            ...state,
            planId: plan.id,
            status: paid ? 'active' : 'past_due',
            currentPeriodStart: start,
            currentPeriodEnd: end,
            couponCode: discount.couponCode,
            discountMinor: discount.discountMinor,
            discountPeriodsLeft: periodsLeftAfterCharge(discount),
            pastDueSince: start,
            scheduled: null,
            version,
          },
          db,
          after,
        );
        const discounted = discount.discountPeriodsLeft === null || discount.discountPeriodsLeft > 0;
        await port.recordLocalCharge(
          {
            userId: current.userId,
            plan,
            periodStart: start,
            periodEnd: end,
            paid,
            amountMinor,
            couponCode: discounted ? discount.couponCode : null,
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
  port: LocalPort,
  userId: string,
  card: { last4: string; behaviour: CardBehaviour },
): Promise<boolean> {
  return port.inTransaction(async (db, after) => {
    await port.setCard(userId, card, db);
    const open = await port.openInvoices(userId, db);
    if (card.behaviour !== 'succeeds') return open.length === 0;
    for (const invoice of open) await port.restateInvoice(invoice, 'paid', invoice.amountMinor, db, after);
    return true;
  });
}
