import type { LoginBody, RegisterBody, User } from '@app/contracts/auth.ts';
import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { broadcastAuthChanged } from '../../../lib/auth-broadcast.ts';
import { whileEndingOwnSession } from '../../../lib/own-session-ending.ts';
import { clearSessionData, loadSessionData } from '../../../lib/session-data.ts';
import { readStorage, removeStorage, writeStorage } from '../../../lib/storage.ts';
import { getProfile } from '../api/get-profile.ts';
import { login as loginRequest } from '../api/login.ts';
import { logout as logoutRequest } from '../api/logout.ts';
import { register as registerRequest } from '../api/register.ts';
import { verifyEmail as verifyEmailRequest } from '../api/verify-email.ts';

export const REFRESH_FAILED_MESSAGE = 'Failed to refresh user data';

interface AuthState {
  user: User | null;
  token: string | null;
  /** True while the stored session is being checked at startup. */
  loading: boolean;
  error: string | null;
  initialize: () => Promise<void>;
  login: (body: LoginBody) => Promise<User>;
  register: (body: RegisterBody) => Promise<User>;
  logout: (options?: { server?: boolean }) => Promise<void>;
  refreshUser: () => Promise<void>;
  verifyEmail: (token: string) => Promise<void>;
  setUser: (user: User) => void;
}

function storeToken(token: string | null) {
  if (token) writeStorage(STORAGE_KEYS.authToken, token);
  else removeStorage(STORAGE_KEYS.authToken);
}

export const useAuth = create<AuthState>()(
  persist(
    (set, get) => {
      /** Signs out on this device only: token, user and everything loaded for them. */
      const clearLocal = () => {
        storeToken(null);
        clearSessionData();
        set({ user: null, token: null });
      };

      const startSession = async (token: string, user: User) => {
        storeToken(token);
        set({ token, user, error: null });
        await loadSessionData();
        broadcastAuthChanged();
        return user;
      };

      return {
        user: null,
        token: null,
        // Without a stored token there is nothing to check: a guest's first render is final.
        loading: readStorage(STORAGE_KEYS.authToken) !== null,
        error: null,

        initialize: async () => {
          const token = readStorage(STORAGE_KEYS.authToken);
          if (!token) {
            if (get().user || get().token) clearLocal();
            set({ loading: false });
            return;
          }
          set({ token });
          try {
            const user = await getProfile();
            set({ user });
          } catch {
            clearLocal();
            set({ loading: false });
            return;
          }
          await loadSessionData();
          set({ loading: false });
        },

        login: async (body) => {
          const result = await loginRequest(body);
          return startSession(result.token, result.user);
        },

        register: async (body) => {
          const result = await registerRequest(body);
          return startSession(result.token, result.user);
        },

        logout: async ({ server = true } = {}) => {
          if (server && get().token) {
            // Best effort: the local sign-out happens whatever the server says.
            await whileEndingOwnSession(logoutRequest).catch(() => undefined);
          }
          clearLocal();
          set({ error: null });
          broadcastAuthChanged();
        },

        refreshUser: async () => {
          try {
            const user = await getProfile();
            set({ user, error: null });
            await loadSessionData();
          } catch {
            set({ error: REFRESH_FAILED_MESSAGE });
            await get().logout({ server: false });
            set({ error: REFRESH_FAILED_MESSAGE });
          }
        },

        verifyEmail: async (token) => {
          await verifyEmailRequest(token);
          if (get().token) {
            await get().refreshUser();
            broadcastAuthChanged();
          }
        },

        setUser: (user) => set({ user }),
      };
    },
    {
      name: STORAGE_KEYS.authStore,
      storage: createJSONStorage(() => window.localStorage),
      partialize: (state) => ({ user: state.user, token: state.token }),
    },
  ),
);
