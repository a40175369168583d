import { describe, expect, it } from 'vitest';
import { bearer, errorOf, register } from '../../testing/harness.ts';
import { PLAN_CHANGE_REFUSALS } from './messages.ts';
import { addInterval } from './periods.ts';
import { card, DAY, useLocalApp } from './testing/local-app.ts';

// Switching plans with the local provider: when each change takes effect, what it charges, the
// coupon carried over, the next payment in the status, and the refusals that change nothing.

const local = useLocalApp();
const { verifiedUser, api, signIn, status, payPath, postForm, subscribe, runJobs } = local;

type Person = Awaited<ReturnType<typeof verifiedUser>>;

/** A subscription past its free trial, its first period paid. */
async function paying(planId: string, couponCode?: string) {
  const person = await verifiedUser();
  await subscribe(person.token, planId, couponCode);
  local.t.clock.advance(7 * DAY + 1000);
  await runJobs();
  expect((await status(person.token)).subscriptionStatus).toBe('active');
  return person;
}

const preview = (person: Person, planId: string) =>
  api(person.token, 'POST', '/preview-plan-change', { planId });
const change = (person: Person, planId: string, quotedAt?: string) =>
  api(person.token, 'POST', '/change-plan', { planId, ...(quotedAt && { quotedAt }) });
const invoicesOf = async (token: string) =>
  (await api(token, 'GET', '/invoices')).json().invoices as {
    amountMinor: number;
    planId: string;
    couponCode: string | null;
    periodStart: string;
  }[];

describe('moving up: at once, the unused part of the paid period credited', () => {
  it('monthly to yearly charges the year less the unused month, as previewed, and starts a new year', async () => {
    const person = await paying('monthly');
    const [first] = await invoicesOf(person.token);
    local.t.clock.advance(10 * DAY);
    const before = await status(person.token);
    const seen = await preview(person, 'yearly');
    expect(seen.statusCode, seen.body).toBe(200);
    const quote = seen.json().data;
    const start = Date.parse(first?.periodStart ?? '');
    const end = Date.parse(before.currentPeriodEnd);
    const now = local.t.clock.now().getTime();
    const credit = Math.round((1499 * (end - now)) / (end - start));
    expect(quote).toMatchObject({
      timing: 'now',
      from: { id: 'monthly' },
      to: { id: 'yearly' },
      effectiveAt: new Date(now).toISOString(),
      creditMinor: credit,
      chargeNowMinor: 14388 - credit,
      chargeCouponCode: null,
      couponEnds: null,
      nextPayment: {
        amountMinor: 14388,
        at: addInterval(new Date(now), 'year').toISOString(),
        planId: 'yearly',
        couponCode: null,
      },
    });
    // Confirmed two minutes later: the amounts are those of the preview.
    local.t.clock.advance(2 * 60_000);
    const done = await change(person, 'yearly', quote.quotedAt);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      success: true,
      data: {
        change: { timing: 'now', chargeNowMinor: quote.chargeNowMinor, creditMinor: credit },
        status: { subscriptionStatus: 'active', plan: { id: 'yearly' } },
        message: `You are now on the Yearly plan. $${((14388 - credit) / 100).toFixed(2)} was charged.`,
      },
    });
    expect(await status(person.token)).toMatchObject({
      plan: { id: 'yearly' },
      currentPeriodEnd: quote.nextPayment.at,
      nextPaymentMinor: 14388,
      nextPayment: { amountMinor: 14388, at: quote.nextPayment.at, couponCode: null },
      scheduledChange: null,
    });
    const invoices = await invoicesOf(person.token);
    expect(invoices.map((i) => [i.amountMinor, i.planId])).toEqual([
      [14388 - credit, 'yearly'],
      [1499, 'monthly'],
    ]);
    // The year renews at the yearly price.
    local.t.clock.advance(366 * DAY);
    await runJobs();
    const renewed = await invoicesOf(await signIn(person));
    expect(renewed[0]).toMatchObject({ amountMinor: 14388, planId: 'yearly' });
  });

  it('chat-only to the full plan: at once, and the landscape opens', async () => {
    const person = await verifiedUser();
    const created = await api(person.token, 'POST', '/create-chatbot-subscription', {});
    await postForm(payPath(created.json().url), card('4242424242424242'));
    local.t.clock.advance(3 * DAY + 1000);
    await runJobs();
    const landscape = () =>
      local.t.app.inject({ url: '/api/cosmic-landscape/status', headers: bearer(person.token) });
    expect((await landscape()).json().code).toBe('PLAN_UPGRADE_REQUIRED');
    const quote = (await preview(person, 'monthly')).json().data;
    expect(quote).toMatchObject({ timing: 'now', from: { kind: 'chat' }, to: { kind: 'full' } });
    expect(quote.chargeNowMinor + quote.creditMinor).toBe(1499);
    expect((await change(person, 'monthly', quote.quotedAt)).statusCode).toBe(200);
    expect((await landscape()).json().code).toBe('BIRTH_DATA_REQUIRED');
  });
});

describe('moving down: at the end of the paid period', () => {
  it('yearly to monthly keeps the year, charges nothing now, and renews monthly when the year ends', async () => {
    const person = await paying('yearly');
    const before = await status(person.token);
    const quote = (await preview(person, 'monthly')).json().data;
    expect(quote).toMatchObject({
      timing: 'period_end',
      effectiveAt: before.currentPeriodEnd,
      chargeNowMinor: 0,
      creditMinor: 0,
      nextPayment: { amountMinor: 1499, at: before.currentPeriodEnd, planId: 'monthly' },
    });
    const done = await change(person, 'monthly', quote.quotedAt);
    expect(done.json().data.message).toBe(
      'Your plan changes to Monthly at the end of the current period. Nothing was charged.',
    );
    expect(await status(person.token)).toMatchObject({
      plan: { id: 'yearly' },
      currentPeriodEnd: before.currentPeriodEnd,
      scheduledChange: { plan: { id: 'monthly' }, at: before.currentPeriodEnd },
      nextPayment: { amountMinor: 1499, at: before.currentPeriodEnd, planId: 'monthly' },
    });
    expect(await invoicesOf(person.token)).toHaveLength(1);
    expect(errorOf(await change(person, 'monthly'))).toMatchObject({
      status: 409,
      error: PLAN_CHANGE_REFUSALS.alreadyScheduled,
    });

    // Choosing the current plan again calls the switch off; then it is set once more.
    const kept = await change(person, 'yearly');
    expect(kept.json().data).toMatchObject({ change: { timing: 'keep' }, status: { scheduledChange: null } });
    expect((await status(person.token)).nextPayment).toMatchObject({ amountMinor: 14388, planId: 'yearly' });
    await change(person, 'monthly');

    local.t.clock.advance(366 * DAY);
    await runJobs();
    const token = await signIn(person);
    const after = await status(token);
    expect(after).toMatchObject({
      subscriptionStatus: 'active',
      plan: { id: 'monthly' },
      scheduledChange: null,
      nextPayment: { amountMinor: 1499, planId: 'monthly' },
    });
    expect((await invoicesOf(token))[0]).toMatchObject({ amountMinor: 1499, planId: 'monthly' });
  });

  it('cancelling calls off a switch set for the period end', async () => {
    const person = await paying('yearly');
    await change(person, 'monthly');
    const canceled = await api(person.token, 'POST', '/cancel');
    expect(canceled.json()).toMatchObject({
      cancelAtPeriodEnd: true,
      scheduledChange: null,
      nextPayment: null,
    });
    local.t.clock.advance(366 * DAY);
    await runJobs();
    expect(await status(await signIn(person))).toMatchObject({
      subscriptionStatus: 'canceled',
      plan: { id: 'yearly' },
    });
  });
});

describe('during the free trial: at once, nothing charged before the trial ends', () => {
  it('monthly to yearly keeps the trial end; the coupon carries over and the first payment is the yearly one', async () => {
    const person = await verifiedUser();
    await subscribe(person.token, 'monthly', 'STARS20');
    const before = await status(person.token);
    const quote = (await preview(person, 'yearly')).json().data;
    // 20% of 14388, halves up: 2878 off.
    expect(quote).toMatchObject({
      timing: 'trial',
      chargeNowMinor: 0,
      nextPayment: { amountMinor: 11510, at: before.trialEnd, planId: 'yearly', couponCode: 'STARS20' },
    });
    await change(person, 'yearly', quote.quotedAt);
    expect(await status(person.token)).toMatchObject({
      subscriptionStatus: 'trialing',
      plan: { id: 'yearly' },
      trialEnd: before.trialEnd,
      nextPayment: { amountMinor: 11510, couponCode: 'STARS20' },
    });
    expect(await invoicesOf(person.token)).toHaveLength(0);
    local.t.clock.advance(7 * DAY + 1000);
    await runJobs();
    expect(await invoicesOf(person.token)).toEqual([
      expect.objectContaining({ amountMinor: 11510, planId: 'yearly', couponCode: 'STARS20' }),
    ]);
    // "20% off for 2 months" is one year on the yearly plan: the next year is full price.
    expect((await status(person.token)).nextPayment).toMatchObject({ amountMinor: 14388, couponCode: null });
  });

  it('a coupon the new plan does not take ends with the change, and the preview says so', async () => {
    const person = await verifiedUser();
    await subscribe(person.token, 'yearly', 'YEARONLY');
    const quote = (await preview(person, 'monthly')).json().data;
    expect(quote).toMatchObject({
      couponEnds: 'YEARONLY',
      nextPayment: { amountMinor: 1499, couponCode: null },
    });
  });
});

describe('the next payment in the status', () => {
  it('names its amount with the coupon, the coupon and the date', async () => {
    const person = await verifiedUser();
    await subscribe(person.token, 'yearly', 'yearonly');
    const answer = await status(person.token);
    expect(answer).toMatchObject({
      nextPaymentMinor: 7194,
      nextPayment: { amountMinor: 7194, currency: 'USD', at: answer.trialEnd, couponCode: 'YEARONLY' },
    });
    local.t.clock.advance(7 * DAY + 1000);
    await runJobs();
    const paid = await status(person.token);
    expect(paid.nextPayment).toEqual({
      amountMinor: 7194,
      currency: 'USD',
      at: paid.currentPeriodEnd,
      planId: 'yearly',
      couponCode: 'YEARONLY',
    });
  });

  it('without a coupon in the next payment, none is named', async () => {
    const person = await paying('monthly', 'STARS20');
    local.t.clock.advance(31 * DAY);
    await runJobs();
    // Both discounted months are paid: the next payment is the full price.
    expect((await status(await signIn(person))).nextPayment).toMatchObject({
      amountMinor: 1499,
      couponCode: null,
    });
  });
});

describe('refusals change nothing', () => {
  it('bad input, no subscription, the same plan, a stale or forged quote', async () => {
    const nobody = await verifiedUser();
    expect(errorOf(await preview(nobody, 'yearly'))).toMatchObject({
      status: 404,
      error: 'No active subscription found',
    });
    const unverified = await register(local.t.app);
    expect(errorOf(await change(unverified, 'yearly')).code).toBe('EMAIL_NOT_VERIFIED');

    const person = await paying('monthly');
    const before = await status(person.token);
    expect(errorOf(await change(person, 'gold'))).toMatchObject({
      status: 404,
      error: 'That plan does not exist. Please choose one of the plans offered.',
    });
    expect((await api(person.token, 'POST', '/change-plan', { planId: 'Yearly!' })).statusCode).toBe(422);
    expect((await api(person.token, 'POST', '/change-plan', {})).statusCode).toBe(422);
    expect((await api(person.token, 'POST', '/change-plan', { planId: 'yearly', price: 1 })).statusCode).toBe(
      422,
    );
    expect(
      (await api(person.token, 'POST', '/change-plan', { planId: 'yearly', quotedAt: 'yesterday' }))
        .statusCode,
    ).toBe(422);
    expect(errorOf(await change(person, 'monthly'))).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      error: PLAN_CHANGE_REFUSALS.samePlan,
    });
    const quote = (await preview(person, 'yearly')).json().data;
    local.t.clock.advance(11 * 60_000);
    expect(errorOf(await change(person, 'yearly', quote.quotedAt))).toMatchObject({
      status: 409,
      error: PLAN_CHANGE_REFUSALS.quoteExpired,
    });
    const later = new Date(local.t.clock.now().getTime() + 60_000).toISOString();
    expect(errorOf(await change(person, 'yearly', later)).status).toBe(400);
    expect(await status(person.token)).toEqual(before);
    expect(await invoicesOf(person.token)).toHaveLength(1);
  });

  it('a declined card: 402 and the plan stays', async () => {
    const person = await paying('monthly');
    const manage = await api(person.token, 'POST', '/update-payment-method');
    await postForm(payPath(manage.json().url), card('4000 0000 0000 0341'));
    const before = await status(person.token);
    expect(errorOf(await change(person, 'yearly'))).toMatchObject({
      status: 402,
      code: 'PAYMENT_FAILED',
      error: 'Payment processing error',
    });
    expect(await status(person.token)).toEqual(before);
    expect(await invoicesOf(person.token)).toHaveLength(1);
  });

  it('a subscription set to end, or with a payment outstanding, is not changed', async () => {
    const ending = await paying('monthly');
    await api(ending.token, 'POST', '/cancel');
    expect(errorOf(await change(ending, 'yearly'))).toMatchObject({
      status: 409,
      error: PLAN_CHANGE_REFUSALS.ending,
    });
    const owing = await verifiedUser();
    await subscribe(owing.token, 'monthly', undefined, '4000 0000 0000 0341');
    local.t.clock.advance(7 * DAY + 1000);
    await runJobs();
    expect(errorOf(await change(owing, 'yearly'))).toMatchObject({
      status: 409,
      error: PLAN_CHANGE_REFUSALS.pastDue,
    });
    expect((await status(owing.token)).plan.id).toBe('monthly');
  });
});
