import { createContext, type ReactNode, useContext } from 'react';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../../lib/brand.ts';
import { withSupportEmail } from '../../../lib/support-email.ts';
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

/**
 * The support address the texts show: the one configured on the server (SUPPORT_EMAIL) wins. Read
 * once per document and handed down, not asked for by each of a long page's hundreds of pieces.
 */
export const SupportEmailContext = createContext(SUPPORT_EMAIL);

export function RichTextView({ text }: { text: RichText }) {
  const supportEmail = useContext(SupportEmailContext);
  // Tokens never reorder, so their position is a stable key.
  return parseRichText(withSupportEmail(text, supportEmail)).map((token, index) =>
    renderToken(token, `${index}-${token.type}`),
  );
}
