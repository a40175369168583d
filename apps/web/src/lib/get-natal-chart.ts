import type { HouseSystemCode, NatalChart, NatalChartResult, ZodiacId } from '@app/contracts/chart.ts';
import { api } from './api-client.ts';

export async function getNatalChart(
  houseSystem: HouseSystemCode,
  signal?: AbortSignal,
  zodiac: ZodiacId = 'tropical',
): Promise<NatalChart> {
  // The tropical default is left out, so its address stays the one cached for offline use.
  const params = zodiac === 'tropical' ? { houseSystem } : { houseSystem, zodiac };
  const { data } = await api.get<NatalChartResult>('/api/chart/natal', { params, signal });
  return data.chart;
}
