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
          price: { id: 'price_x' },
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
        const cancel = new URLSearchParams(body).get('cancel_at_period_end');
        if (cancel !== null) stored.cancel_at_period_end = cancel === 'true';
      }
      return send(200, stored);
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` },
    });
  }
}
