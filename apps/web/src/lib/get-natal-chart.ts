import type { HouseSystemCode, NatalChart, NatalChartResult } from '@app/contracts/chart.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

// The natal chart is drawn on the birth-data page and inside the landscape's bi-wheel: one call,
// one cache entry, refreshed when the birth data changes.

export async function getNatalChart(houseSystem: HouseSystemCode, signal?: AbortSignal): Promise<NatalChart> {
  const { data } = await api.get<NatalChartResult>('/api/chart/natal', { params: { houseSystem }, signal });
  return data.chart;
}

/** It changes only with the birth data, whose page invalidates it. */
export const natalChartQuery = (houseSystem: HouseSystemCode = 'P') =>
  queryOptions({
    queryKey: queryKeys.natalChart.of(houseSystem),
    queryFn: ({ signal }) => getNatalChart(houseSystem, signal),
    staleTime: 10 * 60_000,
  });
