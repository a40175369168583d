import type { HouseSystemCode, NatalChart, NatalChartResult } from '@app/contracts/chart.ts';
import { api } from './api-client.ts';

export async function getNatalChart(houseSystem: HouseSystemCode, signal?: AbortSignal): Promise<NatalChart> {
  const { data } = await api.get<NatalChartResult>('/api/chart/natal', { params: { houseSystem }, signal });
  return data.chart;
}
