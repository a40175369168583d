import { APP_VERSION_LABEL } from '@app/contracts/constants.ts';
import { AtSign } from 'lucide-react';
import { Link } from 'react-router';
import { PRODUCT_NAME, SOCIAL_URL } from '../../lib/brand.ts';

const LINKS = [
  { to: '/privacy-policy', label: 'Privacy' },
  { to: '/terms-of-service', label: 'Terms' },
  { to: '/cookie-policy', label: 'Cookies' },
  { to: '/contact', label: 'Contact' },
  { to: '/partners', label: 'Partners' },
  { to: '/updates', label: 'Updates' },
  { to: '/contact?topic=support', label: 'Support' },
  { to: '/status', label: 'Status' },
];

const LINK_CLASSES = 'rounded text-sm text-muted underline-offset-4 hover:text-fg hover:underline';

export function Footer() {
  return (
    <footer className="below-fold border-t [--below-fold-height:16rem] border-line bg-surface/60">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-3">
            {LINKS.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className={LINK_CLASSES}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col-reverse gap-4 text-sm text-muted sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
          </p>
          <div className="flex items-center gap-4">
            <a
              href={SOCIAL_URL}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-lg p-1 text-muted hover:text-fg"
              aria-label={`${PRODUCT_NAME} on Instagram (opens in a new tab)`}
            >
              <AtSign aria-hidden="true" className="size-5" />
            </a>
            <span
              className="rounded-full border border-line px-2.5 py-0.5 font-mono text-xs"
              data-testid="version-label"
            >
              <span className="sr-only">Version </span>
              {APP_VERSION_LABEL}
            </span>
          </div>
        </div>
      </div>
    </footer>
  );
}
