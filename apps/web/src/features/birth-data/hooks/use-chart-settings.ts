import {
  type HouseSystemCode,
  HouseSystemCodeSchema,
  type ZodiacId,
  ZodiacIdSchema,
} from '@app/contracts/chart.ts';
import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import { useState } from 'react';
import { z } from 'zod';
import { useSignedInPerson } from '../../../lib/signed-in-person.ts';
import { readStorage, writeStorage } from '../../../lib/storage.ts';

/** How the person likes their chart drawn. */
interface ChartSettings {
  zodiac: ZodiacId;
  houseSystem: HouseSystemCode;
}

const DEFAULT_CHART_SETTINGS: ChartSettings = { zodiac: 'tropical', houseSystem: 'P' };

/** Each setting on its own: one no longer offered falls back to the default, the other stays. */
const StoredSettingsSchema = z.object({
  zodiac: ZodiacIdSchema.catch(DEFAULT_CHART_SETTINGS.zodiac),
  houseSystem: HouseSystemCodeSchema.catch(DEFAULT_CHART_SETTINGS.houseSystem),
});

/** One entry per person, so people sharing a device each keep their own. */
const chartSettingsKey = (userId: string) => `${STORAGE_KEYS.chartSettings}:${userId}`;

function readChartSettings(userId: string | null): ChartSettings {
  const text = userId ? readStorage(chartSettingsKey(userId)) : null;
  if (!text) return DEFAULT_CHART_SETTINGS;
  try {
    const stored = StoredSettingsSchema.safeParse(JSON.parse(text));
    return stored.success ? stored.data : DEFAULT_CHART_SETTINGS;
  } catch {
    return DEFAULT_CHART_SETTINGS;
  }
}

/**
 * The zodiac and house system of the chart page, remembered in local storage for the signed-in
 * person (only for this visit when no one is signed in).
 */
export function useChartSettings(): [ChartSettings, (change: Partial<ChartSettings>) => void] {
  const userId = useSignedInPerson((state) => state.person?.id ?? null);
  const [state, setState] = useState(() => ({ userId, settings: readChartSettings(userId) }));
  // Another person signed in while the page was open: theirs, not the last person's.
  const current = state.userId === userId ? state : { userId, settings: readChartSettings(userId) };
  if (current !== state) setState(current);

  const change = (next: Partial<ChartSettings>) => {
    const settings = { ...current.settings, ...next };
    setState({ userId, settings });
    if (userId) writeStorage(chartSettingsKey(userId), JSON.stringify(settings));
  };
  return [current.settings, change];
}
