import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { preloadPageOf } from './app/preload.ts';
import { PRERENDERED_ATTRIBUTE, PRERENDERED_PATHS } from './app/prerendered-pages.ts';
import { routes } from './app/router.tsx';
import { useAuth } from './features/auth/stores/auth-store.ts';

/**
 * The public pages as a guest first sees them, rendered at build time into index.html (see
 * vite/first-paint.ts): the same routes and components as the app, so the app's first render
 * replaces a page with identical markup and nothing shifts. Each page's top element names its path.
 */
export async function renderPagesForGuest(): Promise<string> {
  // As the app starts for a guest: nothing stored, so the session is settled at once.
  await useAuth.getState().initialize();
  if (useAuth.getState().loading || useAuth.getState().user) throw new Error('the prerender is not a guest');
  const handler = createStaticHandler(routes);
  // Under the build's browser globals Query believes it runs in a browser and would keep each
  // query for garbage collection 5 minutes later, on a timer that holds the build's process open:
  // nothing is kept, and the cache is emptied (its timers cleared) when the pages are rendered.
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { gcTime: Number.POSITIVE_INFINITY },
      mutations: { gcTime: Number.POSITIVE_INFINITY },
    },
  });
  try {
    return await renderEachPage(handler, queryClient);
  } finally {
    queryClient.clear();
  }
}

async function renderEachPage(
  handler: ReturnType<typeof createStaticHandler>,
  queryClient: QueryClient,
): Promise<string> {
  let html = '';
  for (const path of PRERENDERED_PATHS) {
    // As in the browser, a lazily loaded page is loaded before the first render.
    await preloadPageOf(`#${path}`);
    const context = await handler.query(new Request(`http://localhost${path}`));
    if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
    const page = renderToString(
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </QueryClientProvider>,
    );
    if (/<script\b/i.test(page)) throw new Error(`${path} holds a script, which the CSP forbids`);
    html += page
      // The app routes by the hash: in-app links are "#/path".
      .replace(/(<a\b[^>]*?\shref=")\//g, '$1#/')
      .replace(/^<(\w+)/, `<$1 ${PRERENDERED_ATTRIBUTE}="${path}"`);
  }
  return html;
}
