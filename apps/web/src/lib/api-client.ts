import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import axios, { type AxiosError } from 'axios';
import { readStorage } from './storage.ts';

/**
 * The one HTTP client. Same origin (the server serves the web app; the dev server proxies /api),
 * JSON bodies, the Bearer token read from local storage at each request, and no timeout.
 */
export const api = axios.create({
  // Bodies are JSON (axios sets the type for objects); calls without a body send no type.
  headers: { Accept: 'application/json' },
  timeout: 0,
});

api.interceptors.request.use((request) => {
  const token = readStorage(STORAGE_KEYS.authToken);
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
});

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** Called when a request that carried a token is refused with 401 (session revoked or expired). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

/** The Authorization header for calls made without axios (streams), from the same storage. */
export function bearerHeader(): Record<string, string> {
  const token = readStorage(STORAGE_KEYS.authToken);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** For calls made without axios: a 401 to a request that carried a token ends the session the same way. */
export function reportUnauthorized(): void {
  onUnauthorized?.();
}

api.interceptors.response.use(undefined, (error: AxiosError) => {
  const sentToken = Boolean(error.config?.headers?.Authorization);
  if (error.response?.status === 401 && sentToken) onUnauthorized?.();
  return Promise.reject(error);
});
