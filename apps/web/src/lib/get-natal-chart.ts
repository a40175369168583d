import type { HouseSystemCode, NatalChartResult, ZodiacId } from '@app/contracts/chart.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

// The natal chart is drawn on the birth-data page and inside the landscape's bi-wheel: one call,
// one cache entry, refreshed when the birth data changes. The reading of the chart comes with it.

export type NatalChartAnswer = Omit<NatalChartResult, 'success'>;

async function getNatalChart(
  houseSystem: HouseSystemCode,
  signal?: AbortSignal,
  zodiac: ZodiacId = 'tropical',
): Promise<NatalChartAnswer> {
  // The tropical default is left out, so its address stays the one cached for offline use.
  const params = zodiac === 'tropical' ? { houseSystem } : { houseSystem, zodiac };
  const { data } = await api.get<NatalChartResult>('/api/chart/natal', { params, signal });
  // An answer cached for offline use before the chart came with its reading has none.
  return { chart: data.chart, reading: data.reading ?? { sections: [], note: null } };
}

/** It changes only with the birth data, whose page invalidates it. */
export const natalChartQuery = (houseSystem: HouseSystemCode = 'P', zodiac: ZodiacId = 'tropical') =>
  queryOptions({
    queryKey: queryKeys.natalChart.of(houseSystem, zodiac),
    queryFn: ({ signal }) => getNatalChart(houseSystem, signal, zodiac),
    staleTime: 10 * 60_000,
  });
