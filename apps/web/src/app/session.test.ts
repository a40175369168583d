import { STORAGE_KEYS } from '@app/contracts/constants.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuth } from '../features/auth/stores/auth-store.ts';
import { subscriptionStatusQuery } from '../features/subscription/api/subscription-queries.ts';
import { queryClient } from '../lib/query-client.ts';
import { useSignedInPerson } from '../lib/signed-in-person.ts';
import { installFakeServer, ok, refused } from '../testing/fake-server.ts';
import { fakeSubscriptionStatus, fakeUser } from '../testing/fakes.ts';
import { startSession } from './session.ts';
import { readAccessFacts } from './use-access-facts.ts';

// docs/requirements/state-and-flows.md through the real session wiring: the status lands in the
// app's query cache.

const server = installFakeServer();
const person = fakeUser();
const statusKey = subscriptionStatusQuery().queryKey;
const asked = () => server.sent.map((request) => `${request.method} ${request.url}`);

describe('the session and the subscription status', () => {
  let stop: () => void;
  beforeEach(() => {
    localStorage.clear();
    queryClient.clear();
    useAuth.setState({ user: null, token: null, loading: false, error: null });
    server.answers['POST /api/auth/login'] = ok({ success: true, token: 'token-1', user: person });
    server.answers['GET /api/auth/profile'] = ok({ success: true, user: person });
    server.answers['POST /api/auth/logout'] = ok({ success: true, message: 'Logged out' });
    server.answers['GET /api/subscription/status'] = ok(
      fakeSubscriptionStatus({ subscriptionStatus: 'active', hasPaidAccess: true }),
    );
  });
  afterEach(() => stop());

  it('login loads the status into the cache; logout clears it with everything else', async () => {
    stop = startSession();
    await useAuth.getState().login({ email: person.email, password: 'a long passphrase' });
    expect(asked()).toContain('GET /api/subscription/status');
    expect(queryClient.getQueryData(statusKey)?.subscriptionStatus).toBe('active');
    expect(readAccessFacts()).toMatchObject({ subscriptionStatus: 'active', serverPaidAccess: true });

    await useAuth.getState().logout();
    expect(queryClient.getQueryData(statusKey)).toBeUndefined();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(readAccessFacts()).toMatchObject({
      user: null,
      subscriptionStatus: null,
      serverPaidAccess: false,
    });
  });

  it('tells the rest of the app who is signed in: id and name, none after logout', async () => {
    stop = startSession();
    expect(useSignedInPerson.getState().person).toBeNull();
    await useAuth.getState().login({ email: person.email, password: 'a long passphrase' });
    expect(useSignedInPerson.getState().person).toEqual({ id: person.id, name: person.name });
    useAuth.getState().setUser({ ...person, name: 'Ada Lovelace' });
    expect(useSignedInPerson.getState().person).toEqual({ id: person.id, name: 'Ada Lovelace' });
    await useAuth.getState().logout();
    expect(useSignedInPerson.getState().person).toBeNull();
  });

  it('with a stored token: the profile first, then the status and the birth data', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'token-1');
    stop = startSession();
    await expect.poll(() => useAuth.getState().user?.id).toBe(person.id);
    await expect.poll(() => queryClient.getQueryData(statusKey)?.subscriptionStatus).toBe('active');
    expect(asked().indexOf('GET /api/auth/profile')).toBe(0);
    expect(asked()).toEqual(
      expect.arrayContaining(['GET /api/subscription/status', 'GET /api/birth-data/get']),
    );
  });

  it('birth data is asked for only with a verified email and paid access (the server refuses the rest)', async () => {
    server.answers['GET /api/subscription/status'] = ok(
      fakeSubscriptionStatus({ subscriptionStatus: null, hasPaidAccess: false }),
    );
    stop = startSession();
    await useAuth.getState().login({ email: person.email, password: 'a long passphrase' });
    expect(asked()).toContain('GET /api/subscription/status');
    expect(asked()).not.toContain('GET /api/birth-data/get');
    // One status request serves both sources.
    expect(asked().filter((request) => request === 'GET /api/subscription/status')).toHaveLength(1);
  });

  it('an unverified email does not ask for birth data either', async () => {
    server.answers['POST /api/auth/login'] = ok({
      success: true,
      token: 'token-1',
      user: { ...person, emailVerified: false },
    });
    stop = startSession();
    await useAuth.getState().login({ email: person.email, password: 'a long passphrase' });
    expect(asked()).toContain('GET /api/subscription/status');
    expect(asked()).not.toContain('GET /api/birth-data/get');
  });

  it('a status that cannot be read counts as none and does not stop the sign-in', async () => {
    server.answers['GET /api/subscription/status'] = refused(404, 'NOT_FOUND', 'No subscription');
    stop = startSession();
    const signedIn = await useAuth.getState().login({ email: person.email, password: 'a long passphrase' });
    expect(signedIn.id).toBe(person.id);
    expect(queryClient.getQueryData(statusKey)).toBeUndefined();
    expect(readAccessFacts()).toMatchObject({ subscriptionStatus: null, serverPaidAccess: false });
  });
});
