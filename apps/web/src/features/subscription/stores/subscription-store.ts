import { create } from 'zustand';
import { getSubscriptionStatus, type SubscriptionStatus } from '../api/get-subscription-status.ts';

interface SubscriptionState {
  status: SubscriptionStatus | null;
  loadStatus: () => Promise<void>;
  clear: () => void;
}

export const useSubscription = create<SubscriptionState>((set) => ({
  status: null,
  loadStatus: async () => {
    try {
      set({ status: await getSubscriptionStatus() });
    } catch (error) {
      // No status (none yet, or the service is unreachable) means no subscription.
      set({ status: null });
      throw error;
    }
  },
  clear: () => set({ status: null }),
}));
