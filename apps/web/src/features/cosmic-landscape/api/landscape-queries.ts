import type { HouseSystemCode } from '@app/contracts/chart.ts';
import { LANDSCAPE_HISTORY_DEFAULT } from '@app/contracts/landscape.ts';
import { queryOptions } from '@tanstack/react-query';
import { getNatalChart } from '../../../lib/get-natal-chart.ts';
import { getDashboard } from './get-dashboard.ts';
import { getHistory } from './get-history.ts';
import { getLocation } from './get-location.ts';
import { getStatus } from './get-status.ts';
import { getToday } from './get-today.ts';
import { getUsage } from './get-usage.ts';

/** Every cache key of the landscape page, from one place so invalidation cannot miss one. */
export const landscapeKeys = {
  all: ['cosmic-landscape'] as const,
  dashboard: () => [...landscapeKeys.all, 'dashboard'] as const,
  today: () => [...landscapeKeys.all, 'today'] as const,
  status: () => [...landscapeKeys.all, 'status'] as const,
  usage: () => [...landscapeKeys.all, 'usage'] as const,
  history: (limit: number) => [...landscapeKeys.all, 'history', limit] as const,
  location: () => [...landscapeKeys.all, 'location'] as const,
  natalChart: (houseSystem: HouseSystemCode) => [...landscapeKeys.all, 'natal-chart', houseSystem] as const,
};

export const dashboardQuery = () =>
  queryOptions({ queryKey: landscapeKeys.dashboard(), queryFn: ({ signal }) => getDashboard(signal) });

export const todayQuery = () =>
  queryOptions({ queryKey: landscapeKeys.today(), queryFn: ({ signal }) => getToday(signal) });

export const statusQuery = () =>
  queryOptions({ queryKey: landscapeKeys.status(), queryFn: ({ signal }) => getStatus(signal) });

export const usageQuery = () =>
  queryOptions({ queryKey: landscapeKeys.usage(), queryFn: ({ signal }) => getUsage(signal) });

export const historyQuery = (limit: number = LANDSCAPE_HISTORY_DEFAULT) =>
  queryOptions({
    queryKey: landscapeKeys.history(limit),
    queryFn: ({ signal }) => getHistory(limit, signal),
  });

export const locationQuery = () =>
  queryOptions({ queryKey: landscapeKeys.location(), queryFn: ({ signal }) => getLocation(signal) });

/** The natal chart drawn inside the bi-wheel; it changes only with the birth data. */
export const natalChartQuery = (houseSystem: HouseSystemCode = 'P') =>
  queryOptions({
    queryKey: landscapeKeys.natalChart(houseSystem),
    queryFn: ({ signal }) => getNatalChart(houseSystem, signal),
    staleTime: 10 * 60_000,
  });
