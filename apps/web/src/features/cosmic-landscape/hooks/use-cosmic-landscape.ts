import type { Landscape, LandscapeStatus } from '@app/contracts/landscape.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getErrorCode } from '../../../lib/error-messages.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { generateLandscape } from '../api/generate-landscape.ts';
import { getDashboard } from '../api/get-dashboard.ts';
import { dashboardQuery, historyQuery, statusQuery, todayQuery } from '../api/landscape-queries.ts';
import { regenerateLandscape } from '../api/regenerate-landscape.ts';

/**
 * The page's server state (docs/requirements/state-and-flows.md#cosmic-landscape): the dashboard
 * loads today's landscape, the status and the history at once; they are then kept under their own
 * keys so generating and regenerating refresh only what they change.
 */
export function useCosmicLandscape() {
  const queryClient = useQueryClient();
  const dashboard = useQuery({
    ...dashboardQuery(),
    queryFn: async ({ signal }) => {
      const answer = await getDashboard(signal);
      queryClient.setQueryData(queryKeys.landscape.today(), answer.landscape);
      queryClient.setQueryData(queryKeys.landscape.status(), answer.status);
      queryClient.setQueryData(historyQuery().queryKey, answer.history);
      return answer;
    },
  });
  const seeded = dashboard.isSuccess;
  // Filled by the dashboard and by the actions below; the status alone is re-read now and then
  // (on focus) so a new day shows up without a reload.
  const today = useQuery({ ...todayQuery(), enabled: false });
  const status = useQuery({ ...statusQuery(), enabled: seeded, staleTime: 60_000 });
  const history = useQuery({ ...historyQuery(), enabled: false });

  const showToday = (landscape: Landscape) => {
    queryClient.setQueryData(queryKeys.landscape.today(), landscape);
    queryClient.setQueryData(historyQuery().queryKey, (days: Landscape[] | undefined) =>
      days?.map((day) => (day.date === landscape.date ? landscape : day)),
    );
  };

  /** Builds today's landscape (a new day began while the page was open). */
  const generate = useMutation({
    mutationFn: generateLandscape,
    onSuccess: async (landscape) => {
      showToday(landscape);
      // A failed read lands on its own query (shown with its own message); the day is built.
      // Asked again now, not from the cache: whether yet another reading of the day reads differently.
      await queryClient.fetchQuery({ ...statusQuery(), staleTime: 0 }).catch(() => undefined);
      await queryClient.fetchQuery(historyQuery()).catch(() => undefined);
    },
  });

  const regenerate = useMutation({
    mutationFn: regenerateLandscape,
    onSuccess: async (landscape) => {
      showToday(landscape);
      // Count the use at once; the server's figure follows.
      queryClient.setQueryData(queryKeys.landscape.status(), (old: LandscapeStatus | undefined) =>
        old ? { ...old, regenerationsUsed: old.regenerationsUsed + 1 } : old,
      );
      // Asked again now, not from the cache: whether yet another reading of the day reads differently.
      await queryClient.fetchQuery({ ...statusQuery(), staleTime: 0 }).catch(() => undefined);
    },
    // Refused (allowance spent elsewhere, say): the server's figure is the truth. "No other
    // reading" takes the offer away at once (the note beside it says why).
    onError: (error) => {
      if (getErrorCode(error) === 'CONFLICT')
        queryClient.setQueryData(queryKeys.landscape.status(), (old: LandscapeStatus | undefined) =>
          old ? { ...old, anotherReadingAvailable: false } : old,
        );
      return queryClient.invalidateQueries({ queryKey: queryKeys.landscape.status() });
    },
  });

  return {
    dashboard,
    landscape: today.data ?? dashboard.data?.landscape,
    status: status.data ?? dashboard.data?.status,
    history: history.data ?? dashboard.data?.history ?? [],
    statusError: status.error,
    historyError: history.error,
    generate,
    regenerate,
  };
}
