import { LANDSCAPE_HISTORY_DEFAULT } from '@app/contracts/landscape.ts';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getDashboard } from './get-dashboard.ts';
import { getHistory } from './get-history.ts';
import { getLocation } from './get-location.ts';
import { getStatus } from './get-status.ts';
import { getToday } from './get-today.ts';
import { getUsage } from './get-usage.ts';

export const dashboardQuery = () =>
  queryOptions({ queryKey: queryKeys.landscape.dashboard(), queryFn: ({ signal }) => getDashboard(signal) });

export const todayQuery = () =>
  queryOptions({ queryKey: queryKeys.landscape.today(), queryFn: ({ signal }) => getToday(signal) });

export const statusQuery = () =>
  queryOptions({ queryKey: queryKeys.landscape.status(), queryFn: ({ signal }) => getStatus(signal) });

export const usageQuery = () =>
  queryOptions({ queryKey: queryKeys.landscape.usage(), queryFn: ({ signal }) => getUsage(signal) });

export const historyQuery = (limit: number = LANDSCAPE_HISTORY_DEFAULT) =>
  queryOptions({
    queryKey: queryKeys.landscape.history(limit),
    queryFn: ({ signal }) => getHistory(limit, signal),
  });

export const locationQuery = () =>
  queryOptions({ queryKey: queryKeys.landscape.location(), queryFn: ({ signal }) => getLocation(signal) });
