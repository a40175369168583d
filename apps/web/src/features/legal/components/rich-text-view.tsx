import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../../lib/brand.ts';
import { useSupportEmail, withSupportEmail } from '../../../lib/support-email.ts';
import { type InlineToken, parseRichText } from '../content/rich-text.ts';
import type { RichText } from '../content/types.ts';

export const LINK_CLASS =
  'font-medium text-accent underline decoration-1 underline-offset-[3px] hover:text-accent-hover hover:decoration-2';

function InlineLink({ token }: { token: Extract<InlineToken, { type: 'link' }> }) {
  const { target, text } = token;
  switch (target.kind) {
    case 'route':
      return (
        <Link className={LINK_CLASS} to={{ pathname: target.path, hash: target.hash }}>
          {text}
        </Link>
      );
    case 'anchor':
      // A hash router keeps the page in the URL's hash, so a bare "#id" link would leave the page;
      // the router puts the section after the path instead (#/privacy-policy#your-rights).
      return (
        <Link className={LINK_CLASS} to={{ hash: target.hash }}>
          {text}
        </Link>
      );
    case 'mailto':
      return (
        <a className={LINK_CLASS} href={target.href}>
          {text}
        </a>
      );
    case 'external':
      return (
        <a className={LINK_CLASS} href={target.href} rel="noopener noreferrer">
          {text}
        </a>
      );
  }
}

function renderToken(token: InlineToken, key: string): ReactNode {
  switch (token.type) {
    case 'text':
      return token.text;
    case 'strong':
      return (
        <strong key={key} className="font-semibold text-fg">
          {token.text}
        </strong>
      );
    case 'code':
      return (
        <code
          key={key}
          className="rounded-md bg-surface-2 px-1.5 py-0.5 font-mono text-[0.875em] text-fg ring-1 ring-line dark:ring-line/70"
        >
          {token.text}
        </code>
      );
    case 'link':
      return <InlineLink key={key} token={token} />;
  }
}

function renderText(text: RichText): ReactNode[] {
  // Tokens never reorder, so their position is a stable key.
  return parseRichText(text).map((token, index) => renderToken(token, `${index}-${token.type}`));
}

/**
 * A text with the support address: the one configured on the server (SUPPORT_EMAIL) wins. Only
 * the few texts that name it ask for it, so its arrival renders them again and not the whole
 * (long) document around them.
 */
function TextNamingSupport({ text }: { text: RichText }) {
  return renderText(withSupportEmail(text, useSupportEmail()));
}

export function RichTextView({ text }: { text: RichText }) {
  return text.includes(SUPPORT_EMAIL) ? <TextNamingSupport text={text} /> : renderText(text);
}
