import { QueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Try once even when the browser says it is offline: the service worker may answer from
        // its copy of the person's own data (lib/offline-account-data.ts). Retries wait for a network.
        networkMode: 'offlineFirst',
        // Client errors will not change on retry; network hiccups and 5xx may.
        retry: (failures, error) =>
          failures < 2 && !(isAxiosError(error) && (error.response?.status ?? 500) < 500),
      },
    },
  });
}

/**
 * The app's one cache of server answers. A module of its own so that the session (which runs
 * outside React) loads and clears the same cache the pages read.
 */
export const queryClient = createQueryClient();
