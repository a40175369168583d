import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';

/** A section's data: a spinner while it loads, the error if it fails, else the content. */
export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="flex justify-center py-10" role="status" aria-label="Loading">
        <Spinner className="size-6" />
      </div>
    );
  if (query.isError) return <Alert tone="error">{getErrorMessage(query.error)}</Alert>;
  return <>{children(query.data)}</>;
}
