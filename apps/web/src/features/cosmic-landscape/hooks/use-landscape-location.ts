import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { locationQuery } from '../api/landscape-queries.ts';
import { setLocation } from '../api/set-location.ts';

/** The current location; changing it can move the day, so the landscape is read again. */
export function useLandscapeLocation() {
  const queryClient = useQueryClient();
  const location = useQuery(locationQuery());
  const change = useMutation({
    mutationFn: setLocation,
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.landscape.location(), saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.landscape.dashboard() });
    },
  });
  return { location, change };
}
