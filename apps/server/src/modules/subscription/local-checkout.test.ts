import { describe, expect, it } from 'vitest';
import { errorOf } from '../../testing/harness.ts';
import { PAY_MESSAGES } from './pay-pages.ts';
import { card, DAY, useLocalApp } from './testing/local-app.ts';

// The plans, coupons and the local provider's checkout pages.

const local = useLocalApp();
const { verifiedUser, api, status, payPath, postForm, subscribe, mailsTo } = local;

describe('plans and coupons', () => {
  it('GET /plans lists monthly, yearly and chat-only plans publicly', async () => {
    const response = await local.t.app.inject('/api/subscription/plans');
    expect(response.statusCode).toBe(200);
    const plans = response.json().plans;
    expect(plans.map((p: { id: string }) => p.id)).toEqual(['monthly', 'yearly', 'chat-monthly']);
    expect(plans[0]).toMatchObject({
      interval: 'month',
      currency: 'USD',
      trialDays: 7,
      limits: { chatMessagesPerDay: 50 },
    });
    expect(plans[0].stripePriceId).toBeUndefined();
  });

  it('validate-coupon answers the discounted price or a precise reason, case-insensitively', async () => {
    const person = await verifiedUser();
    const check = async (couponCode: string, planId = 'monthly') =>
      (await api(person.token, 'POST', '/validate-coupon', { couponCode, planId })).json();
    expect(await check('stars20')).toMatchObject({
      valid: true,
      couponCode: 'STARS20',
      originalPriceMinor: 1499,
      discountMinor: 300,
      priceMinor: 1199,
      duration: 'repeating',
      durationPeriods: 2,
      description: '20% off for 2 months',
    });
    expect(await check('nope')).toMatchObject({
      valid: false,
      reason: 'unknown',
      message: 'This coupon code does not exist.',
    });
    expect(await check('old')).toMatchObject({ valid: false, reason: 'expired' });
    expect(await check('yearonly')).toMatchObject({ valid: false, reason: 'not_for_plan' });
    expect(await check('yearonly', 'yearly')).toMatchObject({ valid: true, priceMinor: 7194 });
    const unknownPlan = await api(person.token, 'POST', '/validate-coupon', {
      couponCode: 'STARS20',
      planId: 'gold',
    });
    expect(errorOf(unknownPlan)).toMatchObject({ status: 404 });
    const bad = await api(person.token, 'POST', '/validate-coupon', {
      couponCode: '<script>',
      planId: 'monthly',
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('local checkout', () => {
  it('a coupon, the test card, a trial; the page is marked test mode and uses no script', async () => {
    const person = await verifiedUser();
    const created = await api(person.token, 'POST', '/create-subscription', {
      planId: 'monthly',
      couponCode: 'stars20',
    });
    const path = payPath(created.json().url);
    const page = await local.t.app.inject(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('STARS20');
    expect(page.body).toContain('7-day free trial');
    expect(page.body).not.toContain('<script');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const paid = await postForm(path, card('4242 4242 4242 4242'));
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(/^http:\/\/app\.test\/#\/success\?session=/);
    const after = await status(person.token);
    expect(after).toMatchObject({
      subscriptionStatus: 'trialing',
      hasPaidAccess: true,
      cancelAtPeriodEnd: false,
    });
    expect(Date.parse(after.trialEnd) - local.t.clock.now().getTime()).toBe(7 * DAY);
    expect(await mailsTo(person.email)).toContain('Your free trial has started');
    // The link is spent: visiting again leads to the success page.
    expect((await local.t.app.inject(path)).headers.location).toMatch(/#\/success/);
    // A second checkout while subscribed is refused.
    const again = await api(person.token, 'POST', '/create-subscription', { planId: 'yearly' });
    expect(errorOf(again).status).toBe(409);
  });

  it('a declined card changes nothing; a wrong number and an expired card are explained', async () => {
    const person = await verifiedUser();
    const created = await api(person.token, 'POST', '/create-subscription', { planId: 'monthly' });
    const path = payPath(created.json().url);
    const declined = await postForm(path, card('4000 0000 0000 0002'));
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain(PAY_MESSAGES.declined);
    expect((await postForm(path, card('4242 4242 4242 4241'))).body).toContain(PAY_MESSAGES.incorrectNumber);
    expect((await postForm(path, { ...card('4242424242424242'), expiry: '01/20' })).body).toContain(
      PAY_MESSAGES.expired,
    );
    expect((await postForm(path, card('5555 5555 5555 4444'))).body).toContain(PAY_MESSAGES.notTestCard);
    expect((await status(person.token)).subscriptionStatus).toBeNull();
    // The same checkout still works with a good card.
    expect((await postForm(path, card('4242424242424242'))).statusCode).toBe(303);
    expect((await status(person.token)).subscriptionStatus).toBe('trialing');
  });

  it('the authentication card needs a confirmation step; failing it changes nothing', async () => {
    const person = await verifiedUser();
    const created = await api(person.token, 'POST', '/create-subscription', { planId: 'yearly' });
    const path = payPath(created.json().url);
    const step = await postForm(path, card('4000 0000 0000 3220'));
    expect(step.statusCode).toBe(303);
    expect(step.headers.location).toBe(`${path}/authenticate`);
    expect((await local.t.app.inject(`${path}/authenticate`)).body).toContain('Complete authentication');
    const failed = await postForm(`${path}/authenticate`, { decision: 'fail' });
    expect(failed.body).toContain(PAY_MESSAGES.authFailed);
    expect((await status(person.token)).subscriptionStatus).toBeNull();
    await postForm(path, card('4000 0000 0000 3220'));
    const done = await postForm(`${path}/authenticate`, { decision: 'complete' });
    expect(done.headers.location).toMatch(/#\/success/);
    expect((await status(person.token)).plan.id).toBe('yearly');
  });

  it('a redemption cap is counted when a checkout completes', async () => {
    const first = await verifiedUser();
    await subscribe(first.token, 'monthly', 'onceonly');
    const second = await verifiedUser();
    const check = await api(second.token, 'POST', '/validate-coupon', {
      couponCode: 'ONCEONLY',
      planId: 'monthly',
    });
    expect(check.json()).toMatchObject({
      valid: false,
      reason: 'used_up',
      message: 'This coupon has been used up.',
    });
    const refused = await api(second.token, 'POST', '/create-subscription', {
      planId: 'monthly',
      couponCode: 'ONCEONLY',
    });
    expect(errorOf(refused)).toMatchObject({ status: 400, error: 'This coupon has been used up.' });
  });

  it('an unknown or expired checkout link explains itself', async () => {
    expect((await local.t.app.inject('/pay/checkout/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    const person = await verifiedUser();
    const created = await api(person.token, 'POST', '/create-subscription', { planId: 'monthly' });
    const path = payPath(created.json().url);
    // The page shows the customer's email without a sign-in: it lives a quarter of an hour.
    local.t.clock.advance(14 * 60_000);
    expect((await local.t.app.inject(path)).statusCode).toBe(200);
    local.t.clock.advance(2 * 60_000);
    const expired = await local.t.app.inject(path);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain(PAY_MESSAGES.linkExpired);
  });
});

describe('one running subscription', () => {
  it('opening a checkout closes the older one; it cannot be paid and nothing is charged twice', async () => {
    const person = await verifiedUser();
    const monthly = payPath(
      (await api(person.token, 'POST', '/create-subscription', { planId: 'monthly' })).json().url,
    );
    const yearly = payPath(
      (await api(person.token, 'POST', '/create-subscription', { planId: 'yearly' })).json().url,
    );
    const closed = await local.t.app.inject(monthly);
    expect(closed.statusCode).toBe(410);
    expect(closed.body).toContain(PAY_MESSAGES.replaced);
    const paidOld = await postForm(monthly, card('4242424242424242'));
    expect(paidOld.statusCode).toBe(410);
    expect((await status(person.token)).subscriptionStatus).toBeNull();
    expect((await postForm(yearly, card('4242424242424242'))).statusCode).toBe(303);
    expect((await status(person.token)).plan.id).toBe('yearly');
  });

  it('a checkout paid while another already started a subscription starts nothing', async () => {
    const person = await verifiedUser();
    const first = payPath(
      (await api(person.token, 'POST', '/create-subscription', { planId: 'monthly' })).json().url,
    );
    const second = payPath(
      (await api(person.token, 'POST', '/create-subscription', { planId: 'yearly' })).json().url,
    );
    // Two checkouts opened at the same instant: neither closed the other.
    await local.t.app.database.db
      .updateTable('payment_sessions')
      .set({ status: 'open' })
      .where('user_id', '=', person.userId)
      .execute();
    expect((await postForm(first, card('4242424242424242'))).statusCode).toBe(303);
    const late = await postForm(second, card('4242424242424242'));
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain(PAY_MESSAGES.replaced);
    const after = await status(person.token);
    expect(after).toMatchObject({ subscriptionStatus: 'trialing' });
    expect(after.plan.id).toBe('monthly');
    const invoices = await api(person.token, 'GET', '/invoices');
    expect(invoices.json().invoices).toHaveLength(0);
  });
});
