import type { Samples, SamplesResult } from '@app/contracts/samples.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** GET /api/samples: the product's output for a sample birth, computed by the server once a day. */
async function getSamples(signal?: AbortSignal): Promise<Samples> {
  const { data } = await api.get<SamplesResult>('/api/samples', { signal });
  return data.data;
}

export const samplesQuery = () =>
  queryOptions({
    queryKey: queryKeys.samples(),
    queryFn: ({ signal }) => getSamples(signal),
    // The same all day: no need to ask again while the page stays open.
    staleTime: 60 * 60_000,
  });
