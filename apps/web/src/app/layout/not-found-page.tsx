import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="mx-auto flex max-w-lg flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <p className="font-display text-6xl font-semibold text-gold">404</p>
      <h1 className="text-3xl font-semibold">This page is lost in space</h1>
      <p className="text-muted">The address may be mistyped, or the page has moved.</p>
      <Link to="/" className={buttonClasses('primary')}>
        Back to the home page
      </Link>
    </div>
  );
}
