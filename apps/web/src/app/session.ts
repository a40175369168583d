import { attributeNewAccount, startAffiliateTracking } from '../features/affiliate/tracking.ts';
import { useAuth } from '../features/auth/stores/auth-store.ts';
import { useBirthData } from '../features/birth-data/stores/birth-data-store.ts';
import { subscriptionStatusQuery } from '../features/subscription/api/subscription-queries.ts';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { onAuthChangedElsewhere } from '../lib/auth-broadcast.ts';
import { forgetAccountData } from '../lib/offline-account-data.ts';
import { queryClient } from '../lib/query-client.ts';
import { registerSessionData } from '../lib/session-data.ts';
import { setSignedInPerson } from '../lib/signed-in-person.ts';
import { toast } from '../lib/toast-store.ts';
import { hasPaidAccess } from './access.ts';
import { startRealtimeSession } from './realtime-session.ts';

/**
 * Connects the account to the data that hangs off it and starts the session
 * (docs/requirements/state-and-flows.md): subscription status and birth data load after the
 * profile and clear at logout; other tabs' changes are picked up; a revoked session signs this
 * tab out, at once when the server says so. Returns a function that undoes it.
 */
export function startSession(): () => void {
  const stops = [
    registerSessionData({
      name: 'subscription status',
      load: async () => {
        const status = subscriptionStatusQuery();
        try {
          await queryClient.fetchQuery({ ...status, staleTime: 0 });
        } catch (error) {
          // No status (none yet, or the service is unreachable) means no subscription.
          queryClient.removeQueries({ queryKey: status.queryKey, exact: true });
          throw error;
        }
      },
      // Every cached answer belongs to the person signing out, the status among them.
      clear: () => queryClient.clear(),
    }),
    registerSessionData({
      name: 'birth data',
      load: async () => {
        // The server keeps birth data behind a verified email and paid access: ask once the
        // status is known (the same request as the status source's), not to be refused.
        const status = await queryClient.fetchQuery(subscriptionStatusQuery()).catch(() => null);
        const { user } = useAuth.getState();
        if (!user?.emailVerified) return;
        if (!hasPaidAccess(user.role, status?.subscriptionStatus, status?.hasPaidAccess === true)) return;
        await useBirthData.getState().loadBirthData();
      },
      clear: () => useBirthData.getState().clear(),
    }),
    // The service worker's copies of the account's data go with the sign-out (nothing to load).
    registerSessionData({
      name: 'offline copies',
      load: async () => undefined,
      clear: () => {
        forgetAccountData().catch(() => undefined);
      },
    }),
    // The rest of the app learns who is signed in (their id and name) without the account code.
    followSignedInPerson(),
    // Cached answers belong to one person: drop them whenever the signed-in person changes.
    useAuth.subscribe((state, previous) => {
      if (state.user?.id !== previous.user?.id) queryClient.clear();
    }),
    onAuthChangedElsewhere(() => {
      void useAuth.getState().initialize();
    }),
    // A new account is credited to the partner whose link this browser followed
    // (docs/requirements/affiliate-and-partners.md).
    useAuth.subscribe((state, previous) => {
      if (!state.user || state.user.id === previous.user?.id) return;
      attributeNewAccount(state.user.createdAt).catch((error: unknown) => {
        console.warn('Could not credit the partner', error instanceof Error ? error.message : error);
      });
    }),
    // Before the router reads the address: the partner code is taken out of it.
    startAffiliateTracking(),
    // The server says when this session ends (disabled, signed out elsewhere), without a reload.
    startRealtimeSession(),
  ];

  setUnauthorizedHandler(() => {
    const { token, logout } = useAuth.getState();
    if (!token) return;
    void logout({ server: false }).then(() => toast.info('You have been signed out', 'Please log in again.'));
  });

  void useAuth.getState().initialize();

  return () => {
    for (const stop of stops) stop();
    setUnauthorizedHandler(null);
  };
}

function followSignedInPerson(): () => void {
  setSignedInPerson(useAuth.getState().user);
  return useAuth.subscribe((state) => setSignedInPerson(state.user));
}
