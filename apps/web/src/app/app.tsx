import './zod-config.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { useAuth } from '../features/auth/stores/auth-store.ts';
import { schedulePreload } from './preload.ts';
import { createAppRouter } from './router.tsx';

function createQueryClient() {
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

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  useEffect(() => schedulePreload(), []);
  // Cached answers belong to one person: drop them whenever the signed-in person changes.
  useEffect(
    () =>
      useAuth.subscribe((state, previous) => {
        if (state.user?.id !== previous.user?.id) queryClient.clear();
      }),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
