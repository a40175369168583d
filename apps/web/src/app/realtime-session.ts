import { useAuth } from '../features/auth/stores/auth-store.ts';

/**
 * Keeps the realtime connection open while someone is signed in (a new sign-in connects afresh);
 * through it the server signs this tab out when its session ends: another device signed it out,
 * an operator disabled the account, or it was deleted. The connection's code (Socket.IO) loads
 * only once someone is signed in, so the signed-out pages don't carry it in their first download.
 * Returns a function that stops it.
 */
export function startRealtimeSession(): () => void {
  let close: (() => void) | null = null;
  // Counts the changes of who is signed in: a connection whose code arrives after a newer change
  // is not opened.
  let generation = 0;

  const follow = (token: string | null) => {
    generation += 1;
    close?.();
    close = null;
    if (!token) return;
    const requested = generation;
    import('./realtime-connection.ts')
      .then(({ openRealtimeConnection }) => {
        if (requested === generation) close = openRealtimeConnection();
      })
      .catch((error: unknown) => {
        // Without the connection the session still ends at the next request the server refuses.
        console.warn(
          'Could not load the realtime connection',
          error instanceof Error ? error.message : error,
        );
      });
  };

  follow(useAuth.getState().token);
  const stopFollowing = useAuth.subscribe((state, previous) => {
    if (state.token !== previous.token) follow(state.token);
  });
  return () => {
    stopFollowing();
    follow(null);
  };
}
