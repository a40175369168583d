import { describe, expect, it } from 'vitest';
import { bearer, errorOf, register } from '../../testing/harness.ts';
import { card, DAY, useLocalApp } from './testing/local-app.ts';

// A local subscription on the clock (reminders, renewals, failed payments, cancelling) and the
// subscription API's messages, limits and guards.

const local = useLocalApp();
const { adminEmail, verifiedUser, api, signIn, status, payPath, postForm, subscribe, mailsTo, runJobs } =
  local;

describe('lifecycle on the clock', () => {
  it('trial reminder 3 days before, then renewals with the coupon for 2 periods, then full price', async () => {
    const person = await verifiedUser();
    await subscribe(person.token, 'monthly', 'STARS20');
    local.t.clock.advance(3 * DAY);
    await runJobs();
    expect(await mailsTo(person.email)).not.toContain('Your free trial ends in 3 days');
    local.t.clock.advance(1 * DAY + 1000);
    await runJobs();
    await runJobs();
    expect((await mailsTo(person.email)).filter((s) => s === 'Your free trial ends in 3 days')).toHaveLength(
      1,
    );
    local.t.clock.advance(3 * DAY);
    await runJobs();
    expect(await status(person.token)).toMatchObject({
      subscriptionStatus: 'active',
      trialEnd: null,
      hasPaidAccess: true,
    });
    local.t.clock.advance(31 * DAY);
    await runJobs();
    local.t.clock.advance(31 * DAY);
    await runJobs();
    const invoices = (await api(await signIn(person), 'GET', '/invoices')).json().invoices;
    expect(invoices.map((i: { amountMinor: number }) => i.amountMinor)).toEqual([1499, 1199, 1199]);
    expect(invoices.every((i: { status: string }) => i.status === 'paid')).toBe(true);
  });

  it('two processes running the minute job at the same moment send one reminder and charge one renewal', async () => {
    const other = await local.t.startAnotherServer();
    const person = await verifiedUser();
    await subscribe(person.token, 'monthly');
    // SQLite serves a single process, and two of its connections in one Node process would block
    // each other inside a transaction: there the two take turns.
    const bothAtOnce = async () => {
      if (local.t.app.database.engine === 'postgres')
        await Promise.all([runJobs(), other.subscriptions.runDue()]);
      else for (const app of [local.t.app, other]) await app.subscriptions.runDue();
    };
    local.t.clock.advance(4 * DAY + 1000);
    for (let i = 0; i < 3; i += 1) await bothAtOnce();
    expect((await mailsTo(person.email)).filter((s) => s === 'Your free trial ends in 3 days')).toHaveLength(
      1,
    );
    local.t.clock.advance(3 * DAY);
    for (let i = 0; i < 3; i += 1) await bothAtOnce();
    const invoices = (await api(await signIn(person), 'GET', '/invoices')).json().invoices;
    expect(invoices.map((i: { amountMinor: number }) => i.amountMinor)).toEqual([1499]);
    await other.close();
  });

  it('a failed renewal: past_due with a mail, access during the grace, restored by a new card', async () => {
    const person = await verifiedUser();
    await subscribe(person.token, 'monthly', undefined, '4000 0000 0000 0341');
    local.t.clock.advance(7 * DAY + 1000);
    await runJobs();
    expect(await status(person.token)).toMatchObject({ subscriptionStatus: 'past_due', hasPaidAccess: true });
    expect(await mailsTo(person.email)).toContain('Your payment did not go through');
    const texts = await local.t.app.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', person.email)
      .execute();
    // Every subscription mail leads to the subscription page.
    for (const mail of texts.filter((m) => !/confirm your email/i.test(m.subject))) {
      expect(mail.text_body).toContain('http://app.test/#/subscription');
    }
    local.t.clock.advance(3 * DAY);
    expect((await status(person.token)).hasPaidAccess).toBe(false);

    const manage = await api(person.token, 'POST', '/update-payment-method');
    const path = payPath(manage.json().url);
    expect((await local.t.app.inject(path)).body).toContain('•••• 0341');
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
    local.t.clock.advance(7 * DAY + 1000);
    await runJobs();
    local.t.clock.advance(32 * DAY);
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
    local.t.clock.advance(7 * DAY + 1000);
    // Access ends with the period even before the job runs.
    expect((await status(person.token)).hasPaidAccess).toBe(false);
    await runJobs();
    expect(await status(person.token)).toMatchObject({
      subscriptionStatus: 'canceled',
      hasPaidAccess: false,
    });
    const restart = await api(person.token, 'POST', '/reactivate');
    expect(restart.json().url).toMatch(/\/pay\/checkout\//);
    const page = await local.t.app.inject(payPath(restart.json().url));
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
    const unverified = await register(local.t.app);
    expect(
      errorOf(await api(unverified.token, 'POST', '/create-subscription', { planId: 'monthly' })).code,
    ).toBe('EMAIL_NOT_VERIFIED');
    const extra = await api(person.token, 'POST', '/create-subscription', { planId: 'monthly', price: 1 });
    expect(extra.statusCode).toBe(422);
  });

  it('the chat-only plan is bought by create-chatbot-subscription', async () => {
    const person = await verifiedUser();
    // The body is optional: a request without one is a checkout without a coupon.
    const created = await local.t.app.inject({
      method: 'POST',
      url: '/api/subscription/create-chatbot-subscription',
      headers: bearer(person.token),
    });
    expect(created.statusCode, created.body).toBe(200);
    await postForm(payPath(created.json().url), card('4242424242424242'));
    expect((await status(person.token)).plan).toMatchObject({ id: 'chat-monthly', kind: 'chat' });
  });

  it('the plan decides per feature: chat-only opens the chat and not the landscape; a full plan opens both', async () => {
    const get = (token: string, url: string) => local.t.app.inject({ url, headers: bearer(token) });
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
    expect(none).toMatchObject({
      hasPaidAccess: false,
      usage: { chatMessages: { limit: 0, used: 0, remaining: 0 } },
    });
    await subscribe(person.token, 'yearly');
    const user = { id: person.userId, role: 'user' as const };
    for (let i = 0; i < 3; i += 1)
      await local.t.app.subscriptions.allowances.consume(user, 'landscapeRegenerations');
    await expect(
      local.t.app.subscriptions.allowances.consume(user, 'landscapeRegenerations'),
    ).rejects.toMatchObject({
      status: 429,
    });
    await local.t.app.subscriptions.allowances.consume(user, 'chatMessages');
    const now = (await api(person.token, 'GET', '/constraints')).json();
    expect(now).toMatchObject({
      planId: 'yearly',
      usage: {
        chatMessages: { limit: 50, used: 1, remaining: 49 },
        landscapeRegenerations: { limit: 3, used: 3, remaining: 0 },
      },
    });
    const admin = await verifiedUser(adminEmail);
    expect((await api(admin.token, 'GET', '/constraints')).json()).toMatchObject({
      hasPaidAccess: true,
      usage: { chatMessages: { limit: 50 }, landscapeRegenerations: { limit: 3 } },
    });
  });

  it('the test clock control does not exist unless configured', async () => {
    const response = await local.t.app.inject({
      method: 'POST',
      url: '/api/test/clock',
      payload: { advanceMs: 1 },
    });
    expect(response.statusCode).toBe(404);
  });
});
