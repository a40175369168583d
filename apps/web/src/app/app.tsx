import './zod-config.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../lib/query-client.ts';
import { schedulePreload } from './preload.ts';
import { createAppRouter } from './router.tsx';

export function App() {
  const [router] = useState(createAppRouter);
  useEffect(() => schedulePreload(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
