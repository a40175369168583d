import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

function errorText(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Something went wrong while showing this page.';
}

/** Shown when a route throws while rendering or loading. */
export function ErrorScreen() {
  const error = useRouteError();
  useDocumentTitle('Unexpected Application Error!');
  return (
    <main className="sky flex min-h-dvh flex-col items-center justify-center gap-5 bg-bg px-4 text-center text-fg">
      <h1 className="text-3xl font-semibold">Unexpected Application Error!</h1>
      <p className="max-w-md text-muted">{errorText(error)}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <a href="#/" className={buttonClasses('secondary')}>
          Go to the home page
        </a>
      </div>
    </main>
  );
}
