import { useAuth } from '../features/auth/stores/auth-store.ts';
import { isBirthDataComplete, useBirthData } from '../features/birth-data/stores/birth-data-store.ts';
import type { SubscriptionStatus } from '../features/subscription/api/get-subscription-status.ts';
import {
  subscriptionStatusQuery,
  useSubscriptionStatus,
} from '../features/subscription/api/subscription-queries.ts';
import { queryClient } from '../lib/query-client.ts';
import type { AccessFacts } from './access.ts';

function subscriptionFacts(status: SubscriptionStatus | null) {
  return {
    subscriptionStatus: status?.subscriptionStatus ?? null,
    serverPaidAccess: status?.hasPaidAccess === true,
  };
}

/** The facts the guards decide on, gathered from the stores and the query cache. */
export function useAccessFacts(): AccessFacts {
  const loading = useAuth((state) => state.loading);
  const user = useAuth((state) => state.user);
  // Loaded with the session; asked again here only when the cache lost it (signed-in people only).
  const { status } = useSubscriptionStatus({ enabled: user !== null && !loading });
  const birthDataComplete = useBirthData((state) => isBirthDataComplete(state.birthData));
  return { loading, user, ...subscriptionFacts(status), birthDataComplete };
}

/** The same facts outside React (right after an action, before a re-render). */
export function readAccessFacts(): AccessFacts {
  const { loading, user } = useAuth.getState();
  return {
    loading,
    user,
    ...subscriptionFacts(queryClient.getQueryData(subscriptionStatusQuery().queryKey) ?? null),
    birthDataComplete: isBirthDataComplete(useBirthData.getState().birthData),
  };
}
