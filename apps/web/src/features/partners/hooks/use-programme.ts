import { useQuery } from '@tanstack/react-query';
import { getProgramme } from '../api/get-programme.ts';

/** The programme's figures from the server's configuration; they change rarely. */
export function useProgramme() {
  return useQuery({ queryKey: ['partner-programme'], queryFn: getProgramme, staleTime: 10 * 60_000 });
}
