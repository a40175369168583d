import { createHash } from 'node:crypto';

/** Text made safe for HTML content and attribute values (mails, the local checkout pages). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A page the server writes itself (the local checkout, the digest's unsubscribe page): never
 * indexed, the app's icon (without it browsers ask for /favicon.ico, which does not exist), its own
 * small stylesheet. `title` is escaped here; `body` is HTML the caller has escaped.
 */
export function serverPage(page: { title: string; style: string; body: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(page.title)}</title><style>${page.style}</style></head><body><main>${page.body}</main></body></html>`;
}

/**
 * The Content-Security-Policy of a server page under /api, where the API's "default-src 'none'"
 * would refuse its own stylesheet and icon: that stylesheet by its hash, the icon, forms to us.
 */
export function serverPagePolicy(style: string): string {
  const hash = createHash('sha256').update(style).digest('base64');
  return `default-src 'none'; style-src 'sha256-${hash}'; img-src 'self'; form-action 'self'; frame-ancestors 'none'`;
}
