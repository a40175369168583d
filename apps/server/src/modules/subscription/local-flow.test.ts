import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  errorOf,
  login,
  register,
  secretFromOutbox,
  type TestApp,
  uniqueEmail,
} from '../../testing/harness.ts';
import { PAY_MESSAGES } from './pay-pages.ts';

const DAY = 86_400_000;
let t: TestApp;
const adminEmail = uniqueEmail('admin');

beforeAll(async () => {
  t = await createTestApp({
    config: {
      adminEmails: [adminEmail],
      billing: {
        provider: 'local',
        stripe: undefined,
        pastDueGraceMs: 3 * DAY,
        testClockControl: false,
        plans: (await import('./config.ts')).DEFAULT_PLANS,
        coupons: [
          { code: 'Stars20', percentOff: 20, duration: 'repeating', durationPeriods: 2 },
          { code: 'OLD', percentOff: 10, duration: 'once', expiresAt: '2001-01-01T00:00:00.000Z' },
          { code: 'ONCEONLY', amountOffMinor: 500, currency: 'USD', duration: 'once', maxRedemptions: 1 },
          { code: 'YEARONLY', percentOff: 50, duration: 'forever', planIds: ['yearly'] },
        ],
      },
    },
  });
});
afterAll(() => t.close());

async function verifiedUser(email = uniqueEmail()) {
  const person = await register(t.app, email);
  await t.app.inject(`/api/auth/verify-email/${await secretFromOutbox(t.app, email, 'verify-email')}`);
  return person;
}

const api = (token: string, method: 'GET' | 'POST', path: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/subscription${path}`,
    headers: bearer(token),
    ...(payload && { payload }),
  });

/** Sessions end after 30 idle days; tests that move further sign in again. */
async function signIn(person: { email: string; password: string }): Promise<string> {
  return (await login(t.app, person.email, person.password)).json().token;
}

const status = async (token: string) => (await api(token, 'GET', '/status')).json();

function payPath(url: string): string {
  const path = new URL(url).pathname;
  expect(path).toMatch(/^\/pay\/(checkout|card)\/[A-Za-z0-9_-]{32}$/);
  return path;
}

const card = (number: string) => ({ cardNumber: number, expiry: '12/39', cvc: '123', name: 'Test Person' });
const postForm = (url: string, form: Record<string, string>): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

async function subscribe(
  token: string,
  planId = 'monthly',
  couponCode?: string,
  number = '4242 4242 4242 4242',
) {
  const created = await api(token, 'POST', '/create-subscription', {
    planId,
    ...(couponCode && { couponCode }),
  });
  expect(created.statusCode).toBe(200);
  const path = payPath(created.json().url);
  return { path, paid: await postForm(path, card(number)) };
}

async function mailsTo(email: string): Promise<string[]> {
  const rows = await t.app.database.db
    .selectFrom('mail_outbox')
    .select('subject')
    .where('recipient', '=', email)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.subject);
}

const runJobs = async () => {
  await t.app.subscriptions.runDue();
};

describe('plans and coupons', () => {
  it('GET /plans lists monthly, yearly and chat-only plans publicly', async () => {
    const response = await t.app.inject('/api/subscription/plans');
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
    const page = await t.app.inject(path);
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
    expect(Date.parse(after.trialEnd) - t.clock.now().getTime()).toBe(7 * DAY);
    expect(await mailsTo(person.email)).toContain('Your free trial has started');
    // The link is spent: visiting again leads to the success page.
    expect((await t.app.inject(path)).headers.location).toMatch(/#\/success/);
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
    expect((await t.app.inject(`${path}/authenticate`)).body).toContain('Complete authentication');
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
    expect((await t.app.inject('/pay/checkout/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    const person = await verifiedUser();
    const created = await api(person.token, 'POST', '/create-subscription', { planId: 'monthly' });
    const path = payPath(created.json().url);
    t.clock.advance(2 * 60 * 60_000);
    const expired = await t.app.inject(path);
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
    const closed = await t.app.inject(monthly);
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
    await t.app.database.db
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

describe('lifecycle on the clock', () => {
  it('trial reminder 3 days before, then renewals with the coupon for 2 periods, then full price', async () => {
    const person = await verifiedUser();
    await subscribe(person.token, 'monthly', 'STARS20');
    t.clock.advance(3 * DAY);
    await runJobs();
    expect(await mailsTo(person.email)).not.toContain('Your free trial ends in 3 days');
    t.clock.advance(1 * DAY + 1000);
    await runJobs();
    await runJobs();
    expect((await mailsTo(person.email)).filter((s) => s === 'Your free trial ends in 3 days')).toHaveLength(
      1,
    );
    t.clock.advance(3 * DAY);
    await runJobs();
    expect(await status(person.token)).toMatchObject({
      subscriptionStatus: 'active',
      trialEnd: null,
      hasPaidAccess: true,
    });
    t.clock.advance(31 * DAY);
    await runJobs();
    t.clock.advance(31 * DAY);
    await runJobs();
    const invoices = (await api(await signIn(person), 'GET', '/invoices')).json().invoices;
    expect(invoices.map((i: { amountMinor: number }) => i.amountMinor)).toEqual([1499, 1199, 1199]);
    expect(invoices.every((i: { status: string }) => i.status === 'paid')).toBe(true);
  });

  it('a failed renewal: past_due with a mail, access during the grace, restored by a new card', async () => {
    const person = await verifiedUser();
    await subscribe(person.token, 'monthly', undefined, '4000 0000 0000 0341');
    t.clock.advance(7 * DAY + 1000);
    await runJobs();
    expect(await status(person.token)).toMatchObject({ subscriptionStatus: 'past_due', hasPaidAccess: true });
    expect(await mailsTo(person.email)).toContain('Your payment did not go through');
    const texts = await t.app.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', person.email)
      .execute();
    // Every subscription mail leads to the subscription page.
    for (const mail of texts.filter((m) => !/confirm your email/i.test(m.subject))) {
      expect(mail.text_body).toContain('http://app.test/#/subscription');
    }
    t.clock.advance(3 * DAY);
    expect((await status(person.token)).hasPaidAccess).toBe(false);

    const manage = await api(person.token, 'POST', '/update-payment-method');
    const path = payPath(manage.json().url);
    expect((await t.app.inject(path)).body).toContain('•••• 0341');
    const saved = await postForm(path, card('4242424242424242'));
    expect(saved.body).toContain('Your card was saved. Any outstanding payment has been taken.');
    expect(await status(person.token)).toMatchObject({ subscriptionStatus: 'active', hasPaidAccess: true });
    const invoices = (await api(person.token, 'GET', '/invoices')).json().invoices;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', amountMinor: 1499 });
  });

  it('a card that is still failing leaves the subscription unpaid at the next period end', async () => {
    const person = await verifiedUser();
    await subscribe(person.token, 'monthly', undefined, '4000 0000 0000 0341');
    t.clock.advance(7 * DAY + 1000);
    await runJobs();
    t.clock.advance(32 * DAY);
    await runJobs();
    expect(await status(await signIn(person))).toMatchObject({
      subscriptionStatus: 'unpaid',
      hasPaidAccess: false,
    });
  });

  it('cancel at period end, reactivate, cancel again; after the period a new checkout without a second trial', async () => {
    const person = await verifiedUser();
    await subscribe(person.token);
    const canceled = await api(person.token, 'POST', '/cancel');
    expect(canceled.json()).toMatchObject({
      cancelAtPeriodEnd: true,
      hasPaidAccess: true,
      subscriptionStatus: 'trialing',
    });
    expect(await mailsTo(person.email)).toContain('Your subscription was canceled');
    expect(errorOf(await api(person.token, 'POST', '/cancel'))).toMatchObject({
      status: 404,
      error: 'No active subscription found',
    });
    const back = await api(person.token, 'POST', '/reactivate');
    expect(back.json()).toMatchObject({ cancelAtPeriodEnd: false, url: null });
    expect(errorOf(await api(person.token, 'POST', '/reactivate')).status).toBe(409);
    await api(person.token, 'POST', '/cancel');
    t.clock.advance(7 * DAY + 1000);
    // Access ends with the period even before the job runs.
    expect((await status(person.token)).hasPaidAccess).toBe(false);
    await runJobs();
    expect(await status(person.token)).toMatchObject({
      subscriptionStatus: 'canceled',
      hasPaidAccess: false,
    });
    const restart = await api(person.token, 'POST', '/reactivate');
    expect(restart.json().url).toMatch(/\/pay\/checkout\//);
    const page = await t.app.inject(payPath(restart.json().url));
    expect(page.body).not.toContain('free trial');
    await postForm(payPath(restart.json().url), card('4242424242424242'));
    expect(await status(person.token)).toMatchObject({ subscriptionStatus: 'active', hasPaidAccess: true });
  });
});

describe('messages, limits and guards', () => {
  it('subscription errors use the messages the web app maps', async () => {
    const person = await verifiedUser();
    expect(errorOf(await api(person.token, 'POST', '/cancel'))).toMatchObject({
      error: 'No active subscription found',
    });
    expect(errorOf(await api(person.token, 'POST', '/reactivate'))).toMatchObject({
      error: 'No subscription found',
    });
    expect(errorOf(await api(person.token, 'POST', '/update-payment-method'))).toMatchObject({
      error: 'No customer found',
    });
    const unverified = await register(t.app);
    expect(
      errorOf(await api(unverified.token, 'POST', '/create-subscription', { planId: 'monthly' })).code,
    ).toBe('EMAIL_NOT_VERIFIED');
    const extra = await api(person.token, 'POST', '/create-subscription', { planId: 'monthly', price: 1 });
    expect(extra.statusCode).toBe(422);
  });

  it('the chat-only plan is bought by create-chatbot-subscription', async () => {
    const person = await verifiedUser();
    // The body is optional: a request without one is a checkout without a coupon.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/create-chatbot-subscription',
      headers: bearer(person.token),
    });
    expect(created.statusCode, created.body).toBe(200);
    await postForm(payPath(created.json().url), card('4242424242424242'));
    expect((await status(person.token)).plan).toMatchObject({ id: 'chat-monthly', kind: 'chat' });
  });

  it('the plan decides per feature: chat-only opens the chat and not the landscape; a full plan opens both', async () => {
    const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
    const chatOnly = await verifiedUser();
    const created = await api(chatOnly.token, 'POST', '/create-chatbot-subscription', {});
    await postForm(payPath(created.json().url), card('4242424242424242'));
    expect((await get(chatOnly.token, '/api/chat/usage')).statusCode).toBe(200);
    const refused = await get(chatOnly.token, '/api/cosmic-landscape/status');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PLAN_UPGRADE_REQUIRED');
    expect(refused.json().error).toMatch(/does not include the daily cosmic landscape/);

    const full = await verifiedUser();
    await subscribe(full.token, 'monthly');
    expect((await get(full.token, '/api/chat/usage')).statusCode).toBe(200);
    // Past the plan check: what is missing now is the birth data.
    expect((await get(full.token, '/api/cosmic-landscape/status')).json().code).toBe('BIRTH_DATA_REQUIRED');
  });

  it('constraints: the plan limits and today’s use; the allowance refuses beyond the limit', async () => {
    const person = await verifiedUser();
    const none = (await api(person.token, 'GET', '/constraints')).json();
    expect(none).toMatchObject({ hasPaidAccess: false, chatMessages: { limit: 0, used: 0, remaining: 0 } });
    await subscribe(person.token, 'yearly');
    const user = { id: person.userId, role: 'user' as const };
    for (let i = 0; i < 3; i += 1)
      await t.app.subscriptions.allowances.consume(user, 'landscapeRegenerations');
    await expect(
      t.app.subscriptions.allowances.consume(user, 'landscapeRegenerations'),
    ).rejects.toMatchObject({
      status: 429,
    });
    await t.app.subscriptions.allowances.consume(user, 'chatMessages');
    const now = (await api(person.token, 'GET', '/constraints')).json();
    expect(now).toMatchObject({
      planId: 'yearly',
      chatMessages: { limit: 50, used: 1, remaining: 49 },
      landscapeRegenerations: { limit: 3, used: 3, remaining: 0 },
    });
    const admin = await verifiedUser(adminEmail);
    expect((await api(admin.token, 'GET', '/constraints')).json()).toMatchObject({
      hasPaidAccess: true,
      chatMessages: { limit: 50 },
    });
  });

  it('the test clock control does not exist unless configured', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/clock',
      payload: { advanceMs: 1 },
    });
    expect(response.statusCode).toBe(404);
  });
});
