import { nextPeriodPriceMinor, periodsLeftAfterCharge } from './coupons.ts';
import { addInterval } from './periods.ts';
import type { LocalPort } from './port.ts';
import type { CheckoutRequest, PaymentProvider } from './provider.ts';
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
        const plan = await port.findPlan(current.planId, db);
        if (!plan) return;
        const amountMinor = nextPeriodPriceMinor(current, plan.priceMinor);
        const start = new Date(current.currentPeriodEnd).toISOString();
        const end = addInterval(new Date(start), plan.interval).toISOString();
        const paid = amountMinor === 0 || current.cardBehaviour === 'succeeds';
        await port.applyState(
          {
            ...state,
            status: paid ? 'active' : 'past_due',
            currentPeriodStart: start,
            currentPeriodEnd: end,
            discountPeriodsLeft: periodsLeftAfterCharge(current),
            pastDueSince: start,
            version,
          },
          db,
          after,
        );
        const discounted = current.discountPeriodsLeft === null || current.discountPeriodsLeft > 0;
        await port.recordLocalCharge(
          {
            userId: current.userId,
            plan,
            periodStart: start,
            periodEnd: end,
            paid,
            amountMinor,
            couponCode: discounted ? current.couponCode : null,
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
