import type { LoginBody, RegisterBody, User } from '@app/contracts/auth.ts';
import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import { isAxiosError } from 'axios';
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

/** The first wait before the profile is asked again after a passing failure, doubled each time. */
export const RETRY_FIRST_MS = 2_000;
const RETRY_LONGEST_MS = 30_000;

/**
 * Whether a failed profile request refused the session itself (401). Anything else (no network,
 * a time-out, a server error) says nothing about the session: it is kept (decision 0207).
 */
function sessionRefused(error: unknown): boolean {
  return isAxiosError(error) && error.response?.status === 401;
}

interface AuthState {
  user: User | null;
  token: string | null;
  /** True while the stored session is being checked at startup. */
  loading: boolean;
  error: string | null;
  /**
   * 'retrying' while the server cannot be reached to confirm the session: the person stays
   * signed in with what this device knows, and the profile is asked again with a growing wait.
   */
  connection: 'online' | 'retrying';
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

      let retryTimer: ReturnType<typeof setTimeout> | undefined;
      let retries = 0;
      const retryNow = () => {
        clearTimeout(retryTimer);
        retryTimer = undefined;
        globalThis.removeEventListener?.('online', retryNow);
        void get().initialize();
      };
      /** Asks for the profile again later, or as soon as the browser is back online. */
      const retryLater = () => {
        clearTimeout(retryTimer);
        retryTimer = setTimeout(retryNow, Math.min(RETRY_LONGEST_MS, RETRY_FIRST_MS * 2 ** retries));
        retries += 1;
        globalThis.addEventListener?.('online', retryNow);
        set({ connection: 'retrying' });
      };
      const connected = () => {
        clearTimeout(retryTimer);
        retryTimer = undefined;
        retries = 0;
        globalThis.removeEventListener?.('online', retryNow);
        set({ connection: 'online' });
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
        connection: 'online',

        initialize: async () => {
          const token = readStorage(STORAGE_KEYS.authToken);
          if (!token) {
            connected();
            if (get().user || get().token) clearLocal();
            set({ loading: false });
            return;
          }
          set({ token });
          try {
            const user = await getProfile();
            set({ user });
          } catch (error) {
            if (sessionRefused(error)) {
              connected();
              clearLocal();
              set({ loading: false });
              return;
            }
            // The app opens with the person this device knows; without one it keeps waiting.
            retryLater();
            set({ loading: get().user === null });
            return;
          }
          connected();
          await loadSessionData();
          set({ loading: false, error: null });
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
          } catch (error) {
            set({ error: REFRESH_FAILED_MESSAGE });
            if (!sessionRefused(error)) {
              retryLater();
              return;
            }
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
