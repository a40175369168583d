import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';

/** A cache of its own for each test; a failed call fails at once instead of being retried. */
function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

interface RenderOptions {
  /** The address the page opens at. */
  at?: string;
  /** The route pattern the element answers (its params come from it); the address by default. */
  path?: string;
  /** Other pages the element may lead to. */
  routes?: RouteObject[];
  client?: QueryClient;
  /** A router made beforehand (to watch every address it passes); then at, path and routes are unused. */
  router?: ReturnType<typeof createMemoryRouter>;
}

/**
 * Renders an element as the app does: inside a query cache and a router. Returns the router (to
 * read where a link led) and the cache (to seed or inspect answers).
 */
export function renderWithProviders(element: ReactElement | null, options: RenderOptions = {}) {
  const { at = '/', routes = [], client = createTestQueryClient() } = options;
  const pages = element ? [{ path: options.path ?? at.split('?')[0], element }, ...routes] : routes;
  const router = options.router ?? createMemoryRouter(pages, { initialEntries: [at] });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}
