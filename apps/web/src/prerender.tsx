import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router.tsx';
import { useAuth } from './features/auth/stores/auth-store.ts';

/** Marks the prerendered markup, which the start-up script may hide and the app replaces. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * The home page as a guest first sees it, rendered at build time into index.html (see
 * vite/first-paint.ts). The same routes and components as the app, so the app's first render
 * replaces it with identical markup: no layout shift.
 */
export async function renderHomeForGuest(): Promise<string> {
  // As the app starts for a guest: nothing stored, so the session is settled at once.
  await useAuth.getState().initialize();
  if (useAuth.getState().loading || useAuth.getState().user) throw new Error('the prerender is not a guest');
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`the home page answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </QueryClientProvider>,
  );
  if (/<script\b/i.test(html))
    throw new Error('the prerendered home page holds a script, which the CSP forbids');
  return (
    html
      // The app routes by the hash: in-app links are "#/path".
      .replace(/(<a\b[^>]*?\shref=")\//g, '$1#/')
      .replace(/^<(\w+)/, `<$1 ${PRERENDERED_ATTRIBUTE}=""`)
  );
}
