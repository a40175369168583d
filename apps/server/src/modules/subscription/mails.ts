import { composeMail } from '../../platform/mailer/compose.ts';
import type { MailMessage } from '../../platform/mailer/mailer.ts';

// Subscription mails; each leads to the subscription page.

export interface MailPerson {
  email: string;
  name: string;
}

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

function link(appUrl: string) {
  return { url: `${appUrl}/#/subscription`, label: 'Open my subscription' };
}

export function trialStartedMail(
  to: MailPerson,
  appUrl: string,
  planName: string,
  trialEnd: string,
): MailMessage {
  return composeMail(
    to.email,
    'Your free trial has started',
    [
      `Hello ${to.name},`,
      `Your free trial of the ${planName} plan has started. Everything is open to you until ${day(trialEnd)}.`,
      'Your first payment is taken when the trial ends, unless you cancel before then.',
    ],
    link(appUrl),
  );
}

export function trialEndingMail(
  to: MailPerson,
  appUrl: string,
  planName: string,
  trialEnd: string,
): MailMessage {
  return composeMail(
    to.email,
    'Your free trial ends in 3 days',
    [
      `Hello ${to.name},`,
      `Your free trial of the ${planName} plan ends on ${day(trialEnd)}. Your subscription then continues and the first payment is taken.`,
      'Nothing to do if you want to stay. To stop, cancel on your subscription page before the trial ends.',
    ],
    link(appUrl),
  );
}

export function paymentFailedMail(to: MailPerson, appUrl: string, amount: string): MailMessage {
  return composeMail(
    to.email,
    'Your payment did not go through',
    [
      `Hello ${to.name},`,
      `We could not take your payment of ${amount}. Your access stays open for a few days while we try again.`,
      'Please check or update your card on your subscription page.',
    ],
    link(appUrl),
  );
}

export function canceledMail(
  to: MailPerson,
  appUrl: string,
  planName: string,
  accessUntil: string | null,
  now: Date,
): MailMessage {
  const until =
    accessUntil && Date.parse(accessUntil) > now.getTime()
      ? `You keep access until ${day(accessUntil)}; nothing more will be charged.`
      : 'Your access has ended; nothing more will be charged.';
  return composeMail(
    to.email,
    'Your subscription was canceled',
    [
      `Hello ${to.name},`,
      `Your ${planName} subscription was canceled. ${until}`,
      'Changed your mind? You can reactivate it on your subscription page.',
    ],
    link(appUrl),
  );
}
