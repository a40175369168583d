import { composeMail as compose, greeting, PRODUCT_NAME as PRODUCT } from '../../platform/mailer/compose.ts';
import type { MailMessage } from '../../platform/mailer/mailer.ts';

// The account mails. A name is used only once the address is verified (see greeting), and is
// escaped in HTML by composeMail.

export function verificationMail(to: string, url: string): MailMessage {
  return compose(
    to,
    `Confirm your email address for ${PRODUCT}`,
    [
      greeting(),
      `Welcome to ${PRODUCT}. Please confirm that this is your email address so that we can open your guidance for you.`,
      'The link works once and for 24 hours. If you did not create an account, you can ignore this mail.',
    ],
    { url, label: 'Confirm my email address' },
  );
}

export function resetMail(to: string, verifiedName: string | undefined, url: string): MailMessage {
  return compose(
    to,
    `Reset your ${PRODUCT} password`,
    [
      greeting(verifiedName),
      'Someone (we hope you) asked to reset the password of your account.',
      'The link works once and for one hour. Choosing a new password signs you out everywhere. If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
    { url, label: 'Choose a new password' },
  );
}

export function passwordChangedMail(
  to: string,
  verifiedName: string | undefined,
  appUrl: string,
): MailMessage {
  return compose(
    to,
    `Your ${PRODUCT} password was changed`,
    [
      greeting(verifiedName),
      'The password of your account was just changed, and your other sessions were signed out.',
      'If this was not you, reset your password straight away and sign out everywhere from the settings page.',
    ],
    { url: `${appUrl}/#/forgot-password`, label: 'Reset my password' },
  );
}

export function accountDeletedMail(to: string, verifiedName: string | undefined): MailMessage {
  return compose(to, `Your ${PRODUCT} account was deleted`, [
    greeting(verifiedName),
    'Your account and the personal data we kept for it have been deleted, as you asked.',
    'Thank you for the time you spent with us. You are welcome back at any time.',
  ]);
}
