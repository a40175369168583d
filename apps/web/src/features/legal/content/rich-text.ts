import type { RichText } from './types.ts';

export type LinkTarget =
  /** A page of the app: `/settings`, optionally with a section: `/cookie-policy#on-your-device`. */
  | { kind: 'route'; path: string; hash: string }
  /** A section of the current page. */
  | { kind: 'anchor'; hash: string }
  | { kind: 'mailto'; href: string }
  | { kind: 'external'; href: string };

export type InlineToken =
  | { type: 'text'; text: string }
  | { type: 'strong'; text: string }
  | { type: 'code'; text: string }
  | { type: 'link'; text: string; target: LinkTarget };

const INLINE = /\*\*(.+?)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^()\s]+)\)/g;

export function parseLinkTarget(target: string): LinkTarget | null {
  if (/^#[a-z0-9-]+$/.test(target)) return { kind: 'anchor', hash: target };
  const route = /^(\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?)(#[a-z0-9-]+)?$/.exec(target);
  if (route) return { kind: 'route', path: route[1]!, hash: route[2] ?? '' };
  if (/^mailto:[^@\s]+@[^@\s]+$/.test(target)) return { kind: 'mailto', href: target };
  if (/^https:\/\/[^\s]+$/.test(target)) return { kind: 'external', href: target };
  return null;
}

/**
 * Splits text into plain, strong, code and link pieces. Markup that does not parse (an unclosed
 * `**`, a link to an unsupported target) stays literal text, so nothing silently disappears; the
 * content tests reject such leftovers.
 */
export function parseRichText(text: RichText): InlineToken[] {
  const tokens: InlineToken[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, strong, code, label, target] = match;
    const parsedTarget = target === undefined ? null : parseLinkTarget(target);
    if (label !== undefined && parsedTarget === null) continue;
    plain += text.slice(last, match.index);
    if (plain) tokens.push({ type: 'text', text: plain });
    plain = '';
    if (strong !== undefined) tokens.push({ type: 'strong', text: strong });
    else if (code !== undefined) tokens.push({ type: 'code', text: code });
    else tokens.push({ type: 'link', text: label!, target: parsedTarget! });
    last = match.index + whole.length;
  }
  plain += text.slice(last);
  if (plain) tokens.push({ type: 'text', text: plain });
  return tokens;
}

/** The text a reader sees, without markup (for titles, search and tests). */
export function plainText(text: RichText): string {
  return parseRichText(text)
    .map((token) => token.text)
    .join('');
}
