import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import { isAxiosError } from 'axios';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { type BirthData, getBirthData } from '../api/get-birth-data.ts';

const REQUIRED_FIELDS = ['name', 'date', 'time', 'city', 'country'] as const;

/** docs/requirements/validation.md: complete only when all five fields are present. */
export function isBirthDataComplete(data: BirthData | null | undefined): boolean {
  if (!data) return false;
  return REQUIRED_FIELDS.every((field) => {
    const value = data[field];
    return typeof value === 'string' ? value.trim().length > 0 : value !== null && value !== undefined;
  });
}

interface BirthDataState {
  birthData: BirthData | null;
  loadBirthData: () => Promise<void>;
  setBirthData: (data: BirthData | null) => void;
  clear: () => void;
}

export const useBirthData = create<BirthDataState>()(
  persist(
    (set) => ({
      birthData: null,
      loadBirthData: async () => {
        try {
          set({ birthData: await getBirthData() });
        } catch (error) {
          // 404: nothing saved. Other failures keep what this device already knows.
          if (isAxiosError(error) && error.response?.status === 404) set({ birthData: null });
          throw error;
        }
      },
      setBirthData: (birthData) => set({ birthData }),
      clear: () => set({ birthData: null }),
    }),
    {
      name: STORAGE_KEYS.birthDataStore,
      storage: createJSONStorage(() => window.localStorage),
      partialize: (state) => ({ birthData: state.birthData }),
    },
  ),
);
