import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { escapeHtml, serverPage } from '../../platform/html.ts';
import { formatMinor } from './coupons.ts';
import { replaceLocalCard } from './local-provider.ts';
import type { LocalPort, PayPagePort } from './port.ts';
import type { PaymentSession } from './repository.ts';
import type { CardBehaviour } from './tables.ts';

// The local provider's pages: a checkout and a card page, plain HTML forms (no script, so the
// strict content security policy holds), clearly marked as test mode.

type CardOutcome = 'succeeds' | 'declined' | 'authenticate' | 'charges-fail';

/** The well-known test card numbers and what each does. */
const TEST_CARDS: Record<string, { outcome: CardOutcome; label: string }> = {
  '4242424242424242': { outcome: 'succeeds', label: 'Payment succeeds' },
  '4000000000000002': { outcome: 'declined', label: 'Card declined' },
  '4000000000003220': { outcome: 'authenticate', label: 'Needs an authentication step' },
  '4000000000000341': { outcome: 'charges-fail', label: 'Card is saved, later payments fail' },
};

export const PAY_MESSAGES = {
  declined: 'Your card was declined. Please use a different card.',
  incorrectNumber: 'Your card number is incorrect.',
  notTestCard: 'This is test mode: please use one of the test cards listed on this page.',
  expired: 'Your card has expired. Please check the expiry date.',
  badExpiry: 'Please enter the expiry date as MM/YY.',
  badCvc: 'Please enter the 3 or 4 digit security code.',
  authFailed: 'We could not authenticate your payment method. Please choose a different card and try again.',
  linkInvalid: 'This payment link is not valid.',
  linkExpired: 'This payment link has expired. Please start again from your subscription page.',
  replaced:
    'This checkout was closed because a newer one was opened or a subscription is already running. Nothing was charged.',
} as const;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Reads the card form; the answer is the card's test outcome or a message for the person. */
function readCard(
  form: Record<string, string>,
  now: Date,
): { ok: true; last4: string; outcome: CardOutcome } | { ok: false; message: string } {
  const digits = (form.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
    return { ok: false, message: PAY_MESSAGES.incorrectNumber };
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(form.expiry ?? '');
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) return { ok: false, message: PAY_MESSAGES.badExpiry };
  const year = 2000 + Number(expiry[2]);
  // Valid through the last day of the expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime()) return { ok: false, message: PAY_MESSAGES.expired };
  if (!/^\d{3,4}$/.test((form.cvc ?? '').trim())) return { ok: false, message: PAY_MESSAGES.badCvc };
  const card = TEST_CARDS[digits];
  if (!card) return { ok: false, message: PAY_MESSAGES.notTestCard };
  return { ok: true, last4: digits.slice(-4), outcome: card.outcome };
}

/** The pages' colours per scheme; each text colour keeps at least 4.5:1 against its background. */
export const PAY_PAGE_PALETTE = {
  light: {
    page: '#f5f3ff',
    surface: '#ffffff',
    text: '#1f1b2e',
    link: '#5b3fd1',
    inputBackground: '#ffffff',
    inputText: '#1f1b2e',
    button: '#5b3fd1',
    buttonText: '#ffffff',
    secondaryButton: '#eeeeee',
    secondaryButtonText: '#1f1b2e',
  },
  dark: {
    page: '#15121f',
    surface: '#221d33',
    text: '#eeeeee',
    link: '#c4b5fd',
    inputBackground: '#15121f',
    inputText: '#eeeeee',
    button: '#5b3fd1',
    buttonText: '#ffffff',
    secondaryButton: '#333333',
    secondaryButtonText: '#eeeeee',
  },
} as const;

const { light: L, dark: D } = PAY_PAGE_PALETTE;
const STYLE = `
body{font-family:system-ui,sans-serif;background:${L.page};color:${L.text};margin:0;padding:24px;line-height:1.5}
main{max-width:460px;margin:0 auto;background:${L.surface};border-radius:14px;padding:24px;box-shadow:0 4px 24px rgba(40,20,90,.12)}
.test{background:#fff4d6;border:2px dashed #c98a00;color:#5a3d00;border-radius:10px;padding:10px 12px;font-size:14px;margin-bottom:16px}
.test strong{letter-spacing:.08em}
h1{font-size:22px;margin:0 0 8px}
label{display:block;font-weight:600;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #bbb;border-radius:8px;font-size:16px;background:${L.inputBackground};color:${L.inputText}}
.row{display:flex;gap:12px}.row>div{flex:1}
button{margin-top:18px;width:100%;padding:12px;border:0;border-radius:8px;background:${L.button};color:${L.buttonText};font-size:16px;font-weight:600;cursor:pointer}
button.secondary{background:${L.secondaryButton};color:${L.secondaryButtonText}}
.error{background:#fde8e8;color:#8a1c1c;border-radius:8px;padding:10px;margin:12px 0}
.ok{background:#e5f7ea;color:#14532d;border-radius:8px;padding:10px;margin:12px 0}
.summary{border-top:1px solid #eee;border-bottom:1px solid #eee;padding:8px 0;margin:12px 0}
.summary p{margin:4px 0;display:flex;justify-content:space-between;gap:12px}
table{font-size:13px;border-collapse:collapse;width:100%}td{padding:2px 4px}
a{color:${L.link}}
@media (prefers-color-scheme:dark){body{background:${D.page};color:${D.text}}main{background:${D.surface}}input{background:${D.inputBackground};color:${D.inputText};border-color:#555}button.secondary{background:${D.secondaryButton};color:${D.secondaryButtonText}}.summary{border-color:#333}a{color:${D.link}}}
`;

function page(title: string, body: string): string {
  return serverPage({
    title: `${title} · Test mode`,
    style: STYLE,
    body: `
<div class="test" role="note"><strong>TEST MODE</strong> — no real payment is taken. Use a test card such as 4242 4242 4242 4242 with any future expiry date and any security code.</div>
${body}`,
  });
}

function testCardTable(): string {
  const rows = Object.entries(TEST_CARDS)
    .map(
      ([number, card]) =>
        `<tr><td>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</td><td>${escapeHtml(card.label)}</td></tr>`,
    )
    .join('');
  return `<details><summary>Test cards</summary><table>${rows}</table></details>`;
}

function cardFields(values: Record<string, string>): string {
  const v = (name: string) => escapeHtml(values[name] ?? '');
  return `<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" value="${v('name')}">
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/34" value="${v('expiry')}" required></div>
<div><label for="cvc">Security code</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div></div>`;
}

function messagePage(
  reply: FastifyReply,
  status: number,
  title: string,
  message: string,
  link: { url: string; label: string },
) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(
      page(
        title,
        `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
      ),
    );
}

export async function payPages(
  app: FastifyInstance,
  options: { checkout: PayPagePort; local: LocalPort; appUrl: string },
) {
  const { checkout, local, appUrl } = options;
  const backToSubscription = { url: `${appUrl}/#/subscription`, label: 'Back to your subscription' };

  // Plain HTML forms post url-encoded bodies; only these pages accept them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  /** The session behind a link, or an answer page explaining why it cannot be used. */
  async function usableSession(id: string, kind: PaymentSession['kind'], reply: FastifyReply) {
    const session = /^[A-Za-z0-9_-]{32}$/.test(id) ? await checkout.findSession(id) : undefined;
    if (!session || session.kind !== kind) {
      await messagePage(reply, 404, 'Link not valid', PAY_MESSAGES.linkInvalid, backToSubscription);
      return null;
    }
    if (session.status === 'completed') {
      await reply.redirect(
        kind === 'checkout' ? `${appUrl}/#/success?session=${session.id}` : backToSubscription.url,
        303,
      );
      return null;
    }
    if (session.status === 'expired') {
      await messagePage(reply, 410, 'Checkout closed', PAY_MESSAGES.replaced, backToSubscription);
      return null;
    }
    if (Date.parse(session.expiresAt) <= checkout.now().getTime()) {
      await messagePage(reply, 410, 'Link expired', PAY_MESSAGES.linkExpired, backToSubscription);
      return null;
    }
    return session;
  }

  async function checkoutPage(
    reply: FastifyReply,
    session: PaymentSession,
    status: number,
    error: string | null,
    values: Record<string, string> = {},
  ) {
    const plan = session.planId ? await checkout.findPlan(session.planId) : null;
    if (!plan) return messagePage(reply, 404, 'Link not valid', PAY_MESSAGES.linkInvalid, backToSubscription);
    const existing = await checkout.findSubscription(session.userId);
    const trialDays = existing?.hadTrial ? 0 : plan.trialDays;
    const validated = session.couponCode
      ? await checkout.validateCoupon(session.couponCode, plan.id).catch(() => null)
      : null;
    const price = validated?.valid ? validated.priceMinor : plan.priceMinor;
    const money = (minor: number) => escapeHtml(formatMinor(minor, plan.currency));
    const per = plan.interval === 'year' ? 'year' : 'month';
    // A discount that ends is shown as such, so the first payment never reads as the lasting price.
    const discountedPayments =
      validated?.valid && validated.discountMinor > 0 && validated.duration !== 'forever'
        ? validated.duration === 'repeating'
          ? Math.max(validated.durationPeriods ?? 1, 1)
          : 1
        : 0;
    const firstLabel =
      discountedPayments > 1 ? `Each of the first ${discountedPayments} payments` : 'First payment';
    const lines = [
      `<p><span>${escapeHtml(plan.name)} plan</span><span>${money(plan.priceMinor)} / ${per}</span></p>`,
      validated?.valid
        ? `<p><span>Coupon ${escapeHtml(validated.couponCode)} (${escapeHtml(validated.description)})</span><span>−${money(validated.discountMinor)}</span></p>`
        : '',
      trialDays > 0
        ? `<p><strong>Due today</strong><strong>${money(0)}</strong></p><p><span>${firstLabel}, after the ${trialDays}-day free trial</span><span>${money(price)}</span></p>`
        : `<p><strong>Due today</strong><strong>${money(price)}</strong></p>${
            discountedPayments > 1 ? `<p><span>${firstLabel}</span><span>${money(price)}</span></p>` : ''
          }`,
      discountedPayments > 0
        ? `<p><span>Then every ${per}</span><span>${money(plan.priceMinor)}</span></p>`
        : '',
    ].join('');
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(
        page(
          `Subscribe to ${plan.name}`,
          `<h1>Subscribe to ${escapeHtml(plan.name)}</h1><p>For ${escapeHtml(session.customerEmail)}</p>
<div class="summary">${lines}</div>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
<form method="post" action="/pay/checkout/${session.id}">${cardFields(values)}
<button type="submit">${trialDays > 0 ? 'Start free trial' : `Pay ${money(price)}`}</button></form>
<p><a href="${escapeHtml(`${appUrl}/#/cancelled`)}">Cancel and return</a></p>
${testCardTable()}`,
        ),
      );
  }

  async function complete(
    reply: FastifyReply,
    session: PaymentSession,
    card: { last4: string; behaviour: CardBehaviour },
  ) {
    let result: Awaited<ReturnType<PayPagePort['completeLocalCheckout']>>;
    try {
      result = await checkout.completeLocalCheckout(session, card);
    } catch (error) {
      // The coupon ran out or expired meanwhile: say so rather than charge a price not shown.
      if (error instanceof AppError && error.status === 400)
        return checkoutPage(reply, session, 400, error.message);
      throw error;
    }
    if (result === 'declined') return checkoutPage(reply, session, 402, PAY_MESSAGES.declined);
    if (result === 'running')
      return messagePage(reply, 409, 'Checkout closed', PAY_MESSAGES.replaced, backToSubscription);
    return reply.redirect(`${appUrl}/#/success?session=${session.id}`, 303);
  }

  app.get<{ Params: { id: string } }>('/checkout/:id', async (request, reply) => {
    const session = await usableSession(request.params.id, 'checkout', reply);
    if (!session) return reply;
    return checkoutPage(reply, session, 200, null);
  });

  app.post<{ Params: { id: string }; Body: Record<string, string> }>(
    '/checkout/:id',
    async (request, reply) => {
      const session = await usableSession(request.params.id, 'checkout', reply);
      if (!session) return reply;
      const form = typeof request.body === 'object' && request.body ? request.body : {};
      const values = { name: String(form.name ?? ''), expiry: String(form.expiry ?? '') };
      const card = readCard(form, checkout.now());
      if (!card.ok) return checkoutPage(reply, session, 422, card.message, values);
      if (card.outcome === 'declined')
        return checkoutPage(reply, session, 402, PAY_MESSAGES.declined, values);
      if (card.outcome === 'authenticate') {
        await checkout.awaitAuthentication(session.id);
        return reply.redirect(`/pay/checkout/${session.id}/authenticate`, 303);
      }
      return complete(reply, session, {
        last4: card.last4,
        behaviour: card.outcome === 'succeeds' ? 'succeeds' : 'fails',
      });
    },
  );

  app.get<{ Params: { id: string } }>('/checkout/:id/authenticate', async (request, reply) => {
    const session = await usableSession(request.params.id, 'checkout', reply);
    if (!session) return reply;
    if (session.status !== 'authenticating') return reply.redirect(`/pay/checkout/${session.id}`, 303);
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Confirm your payment',
        `<h1>Confirm your payment</h1><p>Your bank asks you to confirm this card. In test mode, choose the outcome.</p>
<form method="post" action="/pay/checkout/${session.id}/authenticate"><input type="hidden" name="decision" value="complete"><button type="submit">Complete authentication</button></form>
<form method="post" action="/pay/checkout/${session.id}/authenticate"><input type="hidden" name="decision" value="fail"><button type="submit" class="secondary">Fail authentication</button></form>`,
      ),
    );
  });

  app.post<{ Params: { id: string }; Body: Record<string, string> }>(
    '/checkout/:id/authenticate',
    async (request, reply) => {
      const session = await usableSession(request.params.id, 'checkout', reply);
      if (!session) return reply;
      if (session.status !== 'authenticating') return reply.redirect(`/pay/checkout/${session.id}`, 303);
      if (request.body?.decision === 'complete')
        return complete(reply, session, { last4: '3220', behaviour: 'succeeds' });
      await checkout.reopen(session.id);
      return checkoutPage(reply, session, 402, PAY_MESSAGES.authFailed);
    },
  );

  async function cardPage(
    reply: FastifyReply,
    session: PaymentSession,
    status: number,
    note: { ok: boolean; text: string } | null,
  ) {
    const subscription = await checkout.findSubscription(session.userId);
    const current = subscription?.cardLast4
      ? `<p>Card on file: •••• ${escapeHtml(subscription.cardLast4)}</p>`
      : '<p>No card on file.</p>';
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Your payment method',
          `<h1>Your payment method</h1>${current}
${note ? `<div class="${note.ok ? 'ok' : 'error'}" role="${note.ok ? 'status' : 'alert'}">${escapeHtml(note.text)}</div>` : ''}
<form method="post" action="/pay/card/${session.id}">${cardFields({})}<button type="submit">Save card</button></form>
<p><a href="${escapeHtml(backToSubscription.url)}">${escapeHtml(backToSubscription.label)}</a></p>${testCardTable()}`,
        ),
      );
  }

  app.get<{ Params: { id: string } }>('/card/:id', async (request, reply) => {
    const session = await usableSession(request.params.id, 'card', reply);
    if (!session) return reply;
    return cardPage(reply, session, 200, null);
  });

  app.post<{ Params: { id: string }; Body: Record<string, string> }>('/card/:id', async (request, reply) => {
    const session = await usableSession(request.params.id, 'card', reply);
    if (!session) return reply;
    const card = readCard(
      typeof request.body === 'object' && request.body ? request.body : {},
      checkout.now(),
    );
    if (!card.ok) return cardPage(reply, session, 422, { ok: false, text: card.message });
    if (card.outcome === 'declined' || card.outcome === 'authenticate') {
      return cardPage(reply, session, 402, { ok: false, text: PAY_MESSAGES.declined });
    }
    const settled = await replaceLocalCard(local, session.userId, {
      last4: card.last4,
      behaviour: card.outcome === 'succeeds' ? 'succeeds' : 'fails',
    });
    return cardPage(reply, session, 200, {
      ok: settled,
      text: settled
        ? 'Your card was saved. Any outstanding payment has been taken.'
        : 'Your card was saved, but the outstanding payment was declined. Please try another card.',
    });
  });
}
