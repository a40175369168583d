import { escapeHtml } from '../html.ts';
import type { MailMessage } from './mailer.ts';

// One look for every mail of the product, in plain text and HTML. Text typed by people (names,
// messages) is escaped in the HTML part.

export const PRODUCT_NAME = 'Astro Guidance';

/**
 * The first line of a mail. A name is typed by whoever filled in a form, so it is used only when
 * the address has proven to be theirs; otherwise the form could send a stranger a sentence of the
 * requester's choosing ("Your account is locked. Restore at ...").
 */
export function greeting(verifiedName?: string): string {
  return verifiedName ? `Hello ${verifiedName},` : 'Hello,';
}

interface MailLink {
  url: string;
  label: string;
}

/**
 * Paragraphs may hold line breaks; they are kept in both parts. `link` is the mail's one button;
 * `footer` links (settings, unsubscribe) follow the signature in small print.
 */
export function composeMail(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: MailLink,
  footer: MailLink[] = [],
): MailMessage {
  const text = [
    ...paragraphs,
    ...(link ? [`${link.label}:\n${link.url}`] : []),
    `— ${PRODUCT_NAME}`,
    ...footer.map((item) => `${item.label}: ${item.url}`),
  ].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f1b2e">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`),
    link
      ? `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 18px;background:#5b3fd1;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(link.label)}</a></p><p style="font-size:13px;color:#555">Or paste this address into your browser: ${escapeHtml(link.url)}</p>`
      : '',
    `<p>— ${PRODUCT_NAME}</p>`,
    ...footer.map(
      (item) =>
        `<p style="font-size:13px;color:#555"><a href="${escapeHtml(item.url)}" style="color:#5b3fd1">${escapeHtml(item.label)}</a></p>`,
    ),
    '</body></html>',
  ].join('');
  return { to, subject, text, html };
}
