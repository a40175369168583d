import { useAuth } from '../features/auth/stores/auth-store.ts';
import { isBirthDataComplete, useBirthData } from '../features/birth-data/stores/birth-data-store.ts';
import { useSubscription } from '../features/subscription/stores/subscription-store.ts';
import type { AccessFacts } from './access.ts';

/** The facts the guards decide on, gathered from the stores. */
export function useAccessFacts(): AccessFacts {
  const loading = useAuth((state) => state.loading);
  const user = useAuth((state) => state.user);
  const subscriptionStatus = useSubscription((state) => state.status?.subscriptionStatus ?? null);
  const serverPaidAccess = useSubscription((state) => state.status?.hasPaidAccess === true);
  const birthDataComplete = useBirthData((state) => isBirthDataComplete(state.birthData));
  return { loading, user, subscriptionStatus, serverPaidAccess, birthDataComplete };
}

/** The same facts outside React (right after an action, before a re-render). */
export function readAccessFacts(): AccessFacts {
  const { loading, user } = useAuth.getState();
  const status = useSubscription.getState().status;
  return {
    loading,
    user,
    subscriptionStatus: status?.subscriptionStatus ?? null,
    serverPaidAccess: status?.hasPaidAccess === true,
    birthDataComplete: isBirthDataComplete(useBirthData.getState().birthData),
  };
}
