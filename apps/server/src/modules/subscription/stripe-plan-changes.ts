import type Stripe from 'stripe';
import { type PlanChangeRequest, type ProratedCharge, ProviderRefusedError } from './provider.ts';
import type { StoredPlan } from './repository.ts';

// Changes of plan at Stripe: a change made now (or in the trial) updates the subscription item,
// with the proration invoiced at once, as of the preview's instant; a change at the period end is
// a subscription schedule whose second phase carries the new plan.

type Call = <T>(work: () => Promise<T>) => Promise<T>;

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The item's new price: the plan's Stripe price, else one made inline on the item's product. */
function priceFor(plan: StoredPlan, item: Stripe.SubscriptionItem) {
  if (plan.stripePriceId) return { price: plan.stripePriceId };
  const product = idOf(item.price.product);
  if (!product) throw new ProviderRefusedError('subscription item without a product');
  return {
    price_data: {
      currency: plan.currency.toLowerCase(),
      product,
      unit_amount: plan.priceMinor,
      recurring: { interval: plan.interval },
    },
  };
}

/** The Stripe side of PaymentProvider.quotePlanChange and changePlan. */
export class StripePlanChanges {
  constructor(
    private readonly client: Stripe,
    private readonly call: Call,
  ) {}

  private async current(change: PlanChangeRequest) {
    const id = change.subscription.providerSubscriptionId;
    if (!id) throw new ProviderRefusedError('no Stripe subscription to change');
    const subscription = await this.call(() => this.client.subscriptions.retrieve(id));
    const item = subscription.items.data[0];
    if (!item) throw new ProviderRefusedError('Stripe subscription without an item');
    return { subscription, item };
  }

  /** The item update of a change made now: a new billing period from now, the proration invoiced. */
  private nowParams(change: PlanChangeRequest, item: Stripe.SubscriptionItem) {
    return {
      items: [{ id: item.id, ...priceFor(change.to, item) }],
      proration_behavior: 'always_invoice' as const,
      proration_date: seconds(change.at),
      billing_cycle_anchor: 'now' as const,
      ...(change.couponEnds && { discounts: '' as const }),
    };
  }

  /** Stripe's own figures for a change made now: the invoice it would raise, and its credit lines. */
  async quote(change: PlanChangeRequest): Promise<ProratedCharge> {
    const { subscription, item } = await this.current(change);
    const { discounts, ...details } = this.nowParams(change, item);
    const invoice = await this.call(() =>
      this.client.invoices.createPreview({
        subscription: subscription.id,
        subscription_details: details,
        ...(discounts !== undefined && { discounts }),
      }),
    );
    const credit = invoice.lines.data.reduce((sum, line) => sum + Math.min(line.amount, 0), 0);
    return { chargeNowMinor: invoice.amount_due, creditMinor: -credit };
  }

  /**
   * Makes the change at Stripe. Answers the subscription when its plan changed at once (now, or
   * in the trial), null when a switch at the period end was set or called off.
   */
  async apply(change: PlanChangeRequest): Promise<Stripe.Subscription | null> {
    const { subscription, item } = await this.current(change);
    const scheduleId = idOf(subscription.schedule);
    if (change.timing === 'period_end') {
      await this.schedule(change, subscription, item, scheduleId);
      return null;
    }
    // Any switch set for the period end gives way to this change.
    if (scheduleId) await this.call(() => this.client.subscriptionSchedules.release(scheduleId));
    if (change.timing === 'keep') return null;
    const metadata = { planId: change.to.id };
    const params: Stripe.SubscriptionUpdateParams =
      change.timing === 'now'
        ? // A declined card fails the update: nothing changes.
          { ...this.nowParams(change, item), payment_behavior: 'error_if_incomplete', metadata }
        : {
            items: [{ id: item.id, ...priceFor(change.to, item) }],
            proration_behavior: 'none',
            ...(change.couponEnds && { discounts: '' }),
            metadata,
          };
    return this.call(() =>
      this.client.subscriptions.update(subscription.id, params, {
        idempotencyKey: `plan-change-${subscription.id}-${change.to.id}-${seconds(change.at)}`,
      }),
    );
  }

  /** The current phase as it is, then the new plan from the period end on; released after that. */
  private async schedule(
    change: PlanChangeRequest,
    subscription: Stripe.Subscription,
    item: Stripe.SubscriptionItem,
    scheduleId: string | null,
  ): Promise<void> {
    const schedule = await this.call(() =>
      scheduleId
        ? this.client.subscriptionSchedules.retrieve(scheduleId)
        : this.client.subscriptionSchedules.create({ from_subscription: subscription.id }),
    );
    const started = schedule.current_phase?.start_date;
    const phase = schedule.phases.find((p) => p.start_date === started) ?? schedule.phases[0];
    if (!phase) throw new ProviderRefusedError('subscription schedule without a phase');
    const discounts = phase.discounts.map((d) =>
      d.discount ? { discount: idOf(d.discount) ?? '' } : { coupon: idOf(d.coupon) ?? '' },
    );
    const userId = change.subscription.userId;
    await this.call(() =>
      this.client.subscriptionSchedules.update(schedule.id, {
        end_behavior: 'release',
        phases: [
          {
            items: phase.items.map((i) => ({ price: idOf(i.price) ?? '', quantity: i.quantity ?? 1 })),
            start_date: phase.start_date,
            end_date: phase.end_date,
            discounts,
            metadata: { userId, planId: change.from.id },
          },
          {
            items: [{ ...priceFor(change.to, item), quantity: 1 }],
            duration: { interval: change.to.interval, interval_count: 1 },
            proration_behavior: 'none',
            discounts: change.couponEnds ? '' : discounts,
            metadata: { userId, planId: change.to.id },
          },
        ],
      }),
    );
  }
}
