import { randomBytes } from 'node:crypto';
import {
  FakeStripe,
  signWebhook,
  stripeSubscription,
} from '../../apps/server/src/modules/subscription/testing/fake-stripe.ts';
import { SUBSCRIPTION_ERRORS } from '../../packages/contracts/src/error-catalogue.ts';
import { type Answer, call, NO_LIMITS, type Postgres, startServer, startSink, takePort } from './harness.ts';
import { verifiedPerson } from './people.ts';

// The payment provider (a Stripe-compatible server on loopback) slow, then answering 500s:
// checkout answers a clear 503 within the server's deadline and stores nothing. Then one signed
// webhook event delivered ten times at once takes effect once: one subscription, one invoice, one
// mail each.

const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
/** The Stripe adapter's deadline for one call, retries included (stripe-provider.ts). */
const DEADLINE_MS = 10_000;
/** Room over the deadline for a busy machine. */
const ANSWER_LIMIT_MS = DEADLINE_MS + 3_000;
const SLOWER_THAN_DEADLINE_MS = 20_000;
const DELIVERIES = 10;

export async function paymentProvider(pg: Postgres, work: string): Promise<string> {
  const fake = new FakeStripe();
  await fake.start(await takePort());
  const sink = await startSink();
  const emails = ['pay.slow', 'pay.failing', 'pay.webhook'].map((name) => `${name}@faults.test`);
  const server = await startServer(
    {
      DATABASE_URL: pg.url,
      SMTP_URL: sink.url,
      // Without a plan only administrators may save birth data, which the people here start with.
      ADMIN_EMAILS: emails.join(','),
      ...NO_LIMITS,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    },
    work,
  );
  try {
    const [slowToken, failingToken, token] = await Promise.all(
      emails.map((email) => verifiedPerson(server.base, sink, email)),
    );
    const checkout = async (personToken: string) => {
      const started = Date.now();
      const answer = await call(
        server.base,
        'POST',
        '/api/subscription/create-subscription',
        { planId: 'monthly' },
        personToken,
      );
      return { answer, ms: Date.now() - started };
    };
    const expectUnavailable = async (what: string, email: string, answer: Answer, ms: number) => {
      const body = answer.status === 503 ? answer.json() : {};
      if (body.error !== SUBSCRIPTION_ERRORS.unavailable || body.code !== 'UNAVAILABLE')
        throw new Error(`checkout with Stripe ${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
      if (ms > ANSWER_LIMIT_MS) throw new Error(`checkout with Stripe ${what} answered after ${ms} ms`);
      const stored = await pg.query(
        'select p.id from payment_sessions p join users u on u.id = p.user_id where u.email = $1',
        [email],
      );
      if (stored.length > 0) throw new Error(`checkout with Stripe ${what} stored a payment session`);
    };

    fake.delayMs = SLOWER_THAN_DEADLINE_MS;
    const slow = await checkout(slowToken!);
    await expectUnavailable('slow', emails[0]!, slow.answer, slow.ms);
    fake.delayMs = 0;
    fake.failStatus = 500;
    const checkoutsAsked = () => fake.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const askedBefore = checkoutsAsked();
    const failing = await checkout(failingToken!);
    await expectUnavailable('answering 500s', emails[1]!, failing.answer, failing.ms);
    const failedTries = checkoutsAsked() - askedBefore;
    fake.failStatus = 0;
    const healthy = await checkout(token!);
    if (healthy.answer.status !== 200)
      throw new Error(`checkout with Stripe well: ${healthy.answer.status} ${healthy.answer.text}`);

    // One event, ten deliveries at once, for each kind of effect.
    const [person] = await pg.query<{ id: string }>('select id from users where email = $1', [emails[2]]);
    const userId = person!.id;
    const now = Math.floor(Date.now() / 1000);
    const subscriptionId = `sub_${randomBytes(6).toString('hex')}`;
    const subscription = stripeSubscription(subscriptionId, userId, now);
    const deliverTenTimes = async (type: string, object: Record<string, unknown>) => {
      const body = JSON.stringify({
        id: `evt_${randomBytes(8).toString('hex')}`,
        object: 'event',
        type,
        created: now,
        data: { object },
      });
      const answers = await Promise.all(
        Array.from({ length: DELIVERIES }, () =>
          fetch(`${server.base}/api/subscription/webhook`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'stripe-signature': signWebhook(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000)),
            },
            body,
          }).then((response) => response.status),
        ),
      );
      if (answers.some((status) => status !== 200))
        throw new Error(`${type} delivered ${DELIVERIES} times answered ${answers.join(', ')}`);
    };
    await deliverTenTimes('customer.subscription.created', subscription);
    await deliverTenTimes('invoice.payment_failed', {
      id: `in_${randomBytes(4).toString('hex')}`,
      object: 'invoice',
      customer: subscription.customer,
      amount_paid: 0,
      amount_due: 1499,
      currency: 'usd',
      period_start: now,
      period_end: now + 30 * 86_400,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscriptionId, metadata: {} },
      },
    });
    const subscriptions = await pg.query<{ status: string }>(
      'select status from subscriptions where user_id = $1',
      [userId],
    );
    const invoices = await pg.query('select id from invoices where user_id = $1', [userId]);
    const mails = await pg.query<{ subject: string; count: string }>(
      'select subject, count(*) as count from mail_outbox where recipient = $1 group by subject order by subject',
      [emails[2]],
    );
    const counts = mails.map((mail) => `${mail.subject}: ${mail.count}`).join('; ');
    if (subscriptions.length !== 1 || subscriptions[0]!.status !== 'past_due')
      throw new Error(`expected one subscription, past due, found ${JSON.stringify(subscriptions)}`);
    if (invoices.length !== 1) throw new Error(`expected one invoice, found ${invoices.length}`);
    const once = ['Your free trial has started', 'Your payment did not go through'];
    if (once.some((subject) => mails.find((mail) => mail.subject === subject)?.count !== '1'))
      throw new Error(`expected one trial mail and one payment mail, found ${counts}`);
    return `checkout answered 503 "${SUBSCRIPTION_ERRORS.unavailable}" in ${(slow.ms / 1000).toFixed(1)} s with Stripe slower than ${SLOWER_THAN_DEADLINE_MS / 1000} s and in ${(failing.ms / 1000).toFixed(1)} s with Stripe answering 500s (${failedTries} tries), nothing stored; ${DELIVERIES} concurrent deliveries of each of 2 events: 1 subscription (past due), 1 invoice, 1 trial mail, 1 payment mail`;
  } finally {
    await server.stop();
    await fake.close();
    await sink.close();
  }
}
