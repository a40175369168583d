import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

// A local HTTP server speaking the part of Stripe's API the Stripe adapter uses (its secret key is
// sk_test_fake), for the server's Stripe tests and the fault suite's payment scenario.

const signer = new Stripe('sk_test_signer');

/** The Stripe-Signature header of a webhook delivery of `body`, signed at `timestamp` (seconds). */
export function signWebhook(body: string, secret: string, timestamp: number): string {
  return signer.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
}

/** A Stripe subscription object of the person, trialing for 7 days from `start` (seconds). */
export function stripeSubscription(
  id: string,
  userId: string,
  start: number,
  changes: Record<string, unknown> = {},
) {
  return {
    id,
    object: 'subscription',
    customer: `cus_${userId.slice(0, 8)}`,
    status: 'trialing',
    cancel_at_period_end: false,
    canceled_at: null,
    trial_end: start + 7 * 86_400,
    metadata: { userId, planId: 'monthly' },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          price: {
            id: 'price_x',
            product: 'prod_test',
            unit_amount: 1499,
            currency: 'usd',
            recurring: { interval: 'month' },
          },
          current_period_start: start,
          current_period_end: start + 7 * 86_400,
        },
      ],
    },
    ...changes,
  };
}

interface Recorded {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}

/** A small stand-in for api.stripe.com: records requests, answers like Stripe, can be slow. */
export class FakeStripe {
  server: Server;
  requests: Recorded[] = [];
  delayMs = 0;
  /** When set, every request is answered with this status (after the delay) as Stripe's API errors are. */
  failStatus = 0;
  /** Requests whose answer is still being delayed. */
  pending = 0;
  subscriptions = new Map<string, Record<string, unknown>>();
  schedules = new Map<string, Record<string, unknown>>();
  /** When set, a subscription update that charges at once (error_if_incomplete) is declined. */
  declineCharges = false;

  constructor() {
    this.server = createServer((request, response) => void this.handle(request, response));
  }

  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return this.url;
  }

  /** Stops listening, cutting requests still being delayed. */
  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    let body = '';
    for await (const chunk of request) body += chunk;
    const path = (request.url ?? '').split('?')[0] ?? '';
    const idempotencyKey = request.headers['idempotency-key'];
    this.requests.push({
      method: request.method ?? '',
      path,
      form: new URLSearchParams(body),
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
    });
    if (this.delayMs > 0) {
      this.pending += 1;
      await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      this.pending -= 1;
    }
    if (response.destroyed) return;
    const send = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
      response.end(JSON.stringify(value));
    };
    if (this.failStatus) {
      return send(this.failStatus, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    }
    if (request.headers.authorization !== 'Bearer sk_test_fake') {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const expire = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(path);
    if (request.method === 'POST' && expire?.[1]) {
      return send(200, { id: expire[1], object: 'checkout.session', status: 'expired', url: null });
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${randomBytes(6).toString('hex')}`;
      return send(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` });
    }
    if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
      return send(200, {
        id: 'bps_test',
        object: 'billing_portal.session',
        url: 'https://billing.stripe.test/p/session/test',
      });
    }
    const sub = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (sub?.[1]) {
      const stored = this.subscriptions.get(sub[1]);
      if (!stored)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      if (request.method === 'DELETE') stored.status = 'canceled';
      if (request.method === 'POST') {
        const form = new URLSearchParams(body);
        const cancel = form.get('cancel_at_period_end');
        if (cancel !== null) stored.cancel_at_period_end = cancel === 'true';
        if (form.get('payment_behavior') === 'error_if_incomplete' && this.declineCharges) {
          return send(402, {
            error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
          });
        }
        updateSubscription(stored, form);
      }
      return send(200, stored);
    }
    if (request.method === 'POST' && path === '/v1/invoices/create_preview') {
      const form = new URLSearchParams(body);
      const stored = this.subscriptions.get(form.get('subscription') ?? '');
      if (!stored)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      return send(200, previewInvoice(stored, form));
    }
    const schedule = /^\/v1\/subscription_schedules(?:\/([\w-]+))?(\/release)?$/.exec(path);
    if (schedule) return send(...this.schedule(request.method ?? '', schedule[1], !!schedule[2], body));
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
    });
  }

  /** Subscription schedules: made from a subscription (one phase, to its period end), updated, released. */
  private schedule(
    method: string,
    id: string | undefined,
    release: boolean,
    body: string,
  ): [number, unknown] {
    const form = new URLSearchParams(body);
    if (method === 'POST' && !id) {
      const subscription = this.subscriptions.get(form.get('from_subscription') ?? '');
      if (!subscription)
        return [404, { error: { type: 'invalid_request_error', message: 'No such subscription' } }];
      const item = itemOf(subscription);
      const created = {
        id: `sub_sched_${randomBytes(4).toString('hex')}`,
        object: 'subscription_schedule',
        subscription: subscription.id,
        status: 'active',
        end_behavior: 'release',
        current_phase: { start_date: item.current_period_start, end_date: item.current_period_end },
        phases: [
          {
            start_date: item.current_period_start,
            end_date: item.current_period_end,
            items: [{ price: (item.price as { id: string }).id, quantity: 1 }],
            discounts: [],
          },
        ],
      };
      this.schedules.set(created.id, created);
      subscription.schedule = created.id;
      return [200, created];
    }
    const stored = id ? this.schedules.get(id) : undefined;
    if (!stored) return [404, { error: { type: 'invalid_request_error', message: 'No such schedule' } }];
    if (method === 'POST' && release) {
      stored.status = 'released';
      const subscription = this.subscriptions.get(String(stored.subscription));
      if (subscription) subscription.schedule = null;
    }
    return [200, stored];
  }
}

type Item = Record<string, unknown> & { current_period_start: number; current_period_end: number };

function itemOf(subscription: Record<string, unknown>): Item {
  return (subscription.items as { data: Item[] }).data[0] as Item;
}

const PERIOD_SECONDS = { month: 30 * 86_400, year: 365 * 86_400 } as const;

/** The new price of the item sent as `item` (items[0] of an update, or of a preview's details). */
function newPrice(form: URLSearchParams, item: string) {
  const inline = form.get(`${item}[price_data][unit_amount]`);
  const interval = (form.get(`${item}[price_data][recurring][interval]`) ?? 'month') as 'month' | 'year';
  return {
    id: form.get(`${item}[price]`) ?? `price_inline_${inline}_${interval}`,
    product: form.get(`${item}[price_data][product]`) ?? 'prod_test',
    unit_amount: Number(inline ?? 0),
    currency: form.get(`${item}[price_data][currency]`) ?? 'usd',
    recurring: { interval },
  };
}

/** Stripe's proration: the unused part of the old price, to the nearest cent, credited. */
function unusedCredit(item: Item, at: number): number {
  const price = item.price as { unit_amount?: number };
  const total = item.current_period_end - item.current_period_start;
  const left = Math.min(Math.max(item.current_period_end - at, 0), total);
  return Math.round(((price.unit_amount ?? 0) * left) / total);
}

function updateSubscription(stored: Record<string, unknown>, form: URLSearchParams) {
  const planId = form.get('metadata[planId]');
  if (planId) stored.metadata = { ...(stored.metadata as object), planId };
  if (!form.has('items[0][id]')) return;
  const item = itemOf(stored);
  const price = newPrice(form, 'items[0]');
  item.price = price;
  if (form.get('billing_cycle_anchor') === 'now') {
    const start = Number(form.get('proration_date'));
    item.current_period_start = start;
    item.current_period_end = start + PERIOD_SECONDS[price.recurring.interval];
    stored.status = 'active';
    stored.trial_end = null;
  }
}

function previewInvoice(stored: Record<string, unknown>, form: URLSearchParams) {
  const price = newPrice(form, 'subscription_details[items][0]');
  const credit = unusedCredit(itemOf(stored), Number(form.get('subscription_details[proration_date]')));
  return {
    id: 'upcoming_in',
    object: 'invoice',
    currency: 'usd',
    amount_due: Math.max(price.unit_amount - credit, 0),
    lines: {
      object: 'list',
      data: [
        { id: 'il_credit', object: 'line_item', amount: -credit, description: 'Unused time' },
        { id: 'il_new', object: 'line_item', amount: price.unit_amount, description: 'New plan' },
      ],
    },
  };
}
