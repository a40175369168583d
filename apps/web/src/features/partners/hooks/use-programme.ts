import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getProgramme } from '../api/get-programme.ts';

/** The programme's figures from the server's configuration; they change rarely. */
const programmeQuery = () =>
  queryOptions({ queryKey: queryKeys.partnerProgramme(), queryFn: getProgramme, staleTime: 10 * 60_000 });

export function useProgramme() {
  return useQuery(programmeQuery());
}
