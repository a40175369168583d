import { composeMail, greeting, PRODUCT_NAME } from '../../platform/mailer/compose.ts';
import type { MailMessage } from '../../platform/mailer/mailer.ts';

// Mails of the partner programme. The applicant's address is never verified, so these repeat
// nothing the applicant typed (see greeting); only the operators' words and our own.

function percent(rate: number): string {
  return `${Math.round(rate * 10_000) / 100} %`;
}

export function applicationReceivedMail(to: string): MailMessage {
  return composeMail(to, `Your ${PRODUCT_NAME} partner application`, [
    greeting(),
    'Thank you for applying to the partner programme. We have received your application.',
    'We read every application ourselves and will write to you at this address once we have decided, usually within a few working days.',
    'If you did not apply, you can ignore this mail.',
  ]);
}

export function applicationChangesMail(to: string, confirmUrl: string): MailMessage {
  return composeMail(
    to,
    `Confirm the changes to your ${PRODUCT_NAME} partner application`,
    [
      greeting(),
      'New answers were sent for the partner application of this address. Your application stays as it was until you confirm them with the link below, which works for 24 hours.',
      'If you did not send them, ignore this mail and nothing changes.',
    ],
    { url: confirmUrl, label: 'Confirm the changes' },
  );
}

export function applicationApprovedMail(
  to: string,
  details: {
    couponCode: string;
    commissionRate: number;
    percentOff: number;
    windowDays: number;
    appUrl: string;
  },
): MailMessage {
  const link = `${details.appUrl}/?ref=${encodeURIComponent(details.couponCode)}`;
  return composeMail(
    to,
    `Welcome to the ${PRODUCT_NAME} partner programme`,
    [
      greeting(),
      'Your application to the partner programme has been approved. Welcome aboard!',
      `Your coupon code is ${details.couponCode}. Customers who use it get ${details.percentOff} % off their first payment, and you earn ${percent(details.commissionRate)} of what they pay.`,
      `Share the link below: people who follow it and create an account within ${details.windowDays} days are credited to you, even if they do not type the code.`,
    ],
    { url: link, label: 'Your partner link' },
  );
}

export function applicationRejectedMail(to: string, reason: string): MailMessage {
  return composeMail(to, `Your ${PRODUCT_NAME} partner application`, [
    greeting(),
    'Thank you for your interest in the partner programme. After reading your application we are not able to accept it at this time.',
    `Our reason:\n${reason}`,
    'You are welcome to apply again when things change.',
  ]);
}
