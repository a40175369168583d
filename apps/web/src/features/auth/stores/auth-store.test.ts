import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { registerSessionData } from '../../../lib/session-data.ts';
import { REFRESH_FAILED_MESSAGE, RETRY_FIRST_MS, useAuth } from './auth-store.ts';

// The server is replaced at the HTTP edge: an axios adapter answering by method and path.
type Reply = { status: number; data: unknown };
type Route = (config: InternalAxiosRequestConfig) => Reply;
const calls: string[] = [];
let routes: Record<string, Route> = {};

const adapter: AxiosAdapter = async (config) => {
  const key = `${config.method?.toUpperCase()} ${config.url}`;
  calls.push(`${key} ${config.headers.Authorization ?? '-'}`);
  const route = routes[key];
  const reply = route
    ? route(config)
    : { status: 404, data: { success: false, error: 'Not found', code: 'NOT_FOUND' } };
  const response: AxiosResponse = { ...reply, statusText: '', headers: {}, config };
  if (reply.status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response);
  return response;
};

const user = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  role: 'user' as const,
  emailVerified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('auth store flows (docs/requirements/state-and-flows.md)', () => {
  let loaded: string[];
  let unregister: () => void;

  beforeEach(() => {
    api.defaults.adapter = adapter;
    calls.length = 0;
    routes = {};
    loaded = [];
    localStorage.clear();
    useAuth.setState({ user: null, token: null, loading: true, error: null, connection: 'online' });
    unregister = registerSessionData({
      name: 'test data',
      load: async () => {
        loaded.push('load');
      },
      clear: () => loaded.push('clear'),
    });
  });
  afterEach(() => unregister());

  it('startup without a stored token finishes loading as a guest and calls nothing', async () => {
    await useAuth.getState().initialize();
    expect(useAuth.getState()).toMatchObject({ user: null, token: null, loading: false });
    expect(calls).toEqual([]);
  });

  it('startup with a token fetches the profile, then the session data', async () => {
    localStorage.setItem('authToken', 'tok-1');
    routes['GET /api/auth/profile'] = () => ({ status: 200, data: { success: true, user } });
    await useAuth.getState().initialize();
    expect(calls).toEqual(['GET /api/auth/profile Bearer tok-1']);
    expect(loaded).toEqual(['load']);
    expect(useAuth.getState()).toMatchObject({ user, token: 'tok-1', loading: false });
  });

  it.each([
    ['no network', () => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK'))],
    ['a time-out', () => Promise.reject(new AxiosError('timeout', 'ECONNABORTED'))],
    ['a server restarting (503)', null],
  ])(
    '%s at startup keeps the token and the stored user, and asks again with a growing wait',
    async (_, fail) => {
      vi.useFakeTimers();
      try {
        localStorage.setItem('authToken', 'tok-kept');
        useAuth.setState({ user, token: 'tok-kept' });
        let down = true;
        routes['GET /api/auth/profile'] = () =>
          down
            ? { status: 503, data: { success: false, error: 'x', code: 'SERVICE_UNAVAILABLE' } }
            : { status: 200, data: { success: true, user } };
        const original = api.defaults.adapter;
        if (fail) api.defaults.adapter = (config) => (down ? fail() : (original as AxiosAdapter)(config));
        await useAuth.getState().initialize();
        expect(localStorage.getItem('authToken')).toBe('tok-kept');
        expect(useAuth.getState()).toMatchObject({
          user,
          token: 'tok-kept',
          loading: false,
          connection: 'retrying',
        });
        expect(loaded).toEqual([]);
        // Still down at the first retry: the next wait is longer.
        await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS);
        expect(useAuth.getState().connection).toBe('retrying');
        down = false;
        await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS);
        expect(useAuth.getState().connection).toBe('retrying');
        await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS * 2);
        expect(useAuth.getState()).toMatchObject({ user, token: 'tok-kept', connection: 'online' });
        expect(loaded).toEqual(['load']);
        api.defaults.adapter = adapter;
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('without a stored user, an unreachable server keeps the app loading until the browser is back online', async () => {
    localStorage.setItem('authToken', 'tok-new-device');
    routes['GET /api/auth/profile'] = () => ({ status: 502, data: {} });
    await useAuth.getState().initialize();
    expect(useAuth.getState()).toMatchObject({ user: null, token: 'tok-new-device', loading: true });
    routes['GET /api/auth/profile'] = () => ({ status: 200, data: { success: true, user } });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() =>
      expect(useAuth.getState()).toMatchObject({ user, loading: false, connection: 'online' }),
    );
  });

  it('a refused session (401) at startup removes the token and logs out', async () => {
    localStorage.setItem('authToken', 'stale');
    routes['GET /api/auth/profile'] = () => ({
      status: 401,
      data: { success: false, error: 'x', code: 'UNAUTHENTICATED' },
    });
    await useAuth.getState().initialize();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(useAuth.getState()).toMatchObject({ user: null, token: null, loading: false });
    expect(loaded).toEqual(['clear']);
  });

  it('login stores the token in both keys, sets the user and loads the session data', async () => {
    routes['POST /api/auth/login'] = (config) => {
      expect(JSON.parse(String(config.data))).toEqual({ email: 'ada@example.com', password: 'secret words' });
      return { status: 200, data: { success: true, token: 'tok-2', user } };
    };
    await useAuth.getState().login({ email: 'ada@example.com', password: 'secret words' });
    expect(localStorage.getItem('authToken')).toBe('tok-2');
    const persisted = JSON.parse(localStorage.getItem('auth-storage') ?? '{}');
    expect(persisted.state).toEqual({ user, token: 'tok-2' });
    expect(loaded).toEqual(['load']);
  });

  it('logout ends the server session, then clears token, user and session data', async () => {
    useAuth.setState({ user, token: 'tok-3', loading: false });
    localStorage.setItem('authToken', 'tok-3');
    routes['POST /api/auth/logout'] = () => ({ status: 200, data: { success: true, message: 'bye' } });
    await useAuth.getState().logout();
    expect(calls).toEqual(['POST /api/auth/logout Bearer tok-3']);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(useAuth.getState()).toMatchObject({ user: null, token: null });
    expect(loaded).toEqual(['clear']);
  });

  it('a refresh that fails for a passing reason keeps the session and says so', async () => {
    useAuth.setState({ user, token: 'tok-6', loading: false });
    localStorage.setItem('authToken', 'tok-6');
    routes['GET /api/auth/profile'] = () => ({
      status: 500,
      data: { success: false, error: 'x', code: 'INTERNAL' },
    });
    await useAuth.getState().refreshUser();
    expect(useAuth.getState()).toMatchObject({
      user,
      token: 'tok-6',
      error: 'Failed to refresh user data',
      connection: 'retrying',
    });
    routes['GET /api/auth/profile'] = () => ({ status: 200, data: { success: true, user } });
    await useAuth.getState().initialize();
    expect(useAuth.getState()).toMatchObject({ error: null, connection: 'online' });
  });

  it('a refused refresh sets "Failed to refresh user data" and logs out', async () => {
    useAuth.setState({ user, token: 'tok-4', loading: false });
    localStorage.setItem('authToken', 'tok-4');
    routes['GET /api/auth/profile'] = () => ({
      status: 401,
      data: { success: false, error: 'x', code: 'UNAUTHENTICATED' },
    });
    await useAuth.getState().refreshUser();
    expect(REFRESH_FAILED_MESSAGE).toBe('Failed to refresh user data');
    expect(useAuth.getState()).toMatchObject({
      user: null,
      token: null,
      error: 'Failed to refresh user data',
    });
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('verifying an email calls the verify API, then reloads the profile', async () => {
    useAuth.setState({ user, token: 'tok-5', loading: false });
    localStorage.setItem('authToken', 'tok-5');
    routes['GET /api/auth/verify-email/abc'] = () => ({
      status: 200,
      data: { success: true, message: 'ok' },
    });
    routes['GET /api/auth/profile'] = () => ({
      status: 200,
      data: { success: true, user: { ...user, emailVerified: true } },
    });
    await useAuth.getState().verifyEmail('abc');
    expect(calls.map((call) => call.split(' ').slice(0, 2).join(' '))).toEqual([
      'GET /api/auth/verify-email/abc',
      'GET /api/auth/profile',
    ]);
    expect(useAuth.getState().user?.emailVerified).toBe(true);
  });
});
