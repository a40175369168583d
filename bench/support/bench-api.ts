import { apiRequest } from '../../scripts/api-request.ts';

// What the benchmarks ask of the server under test: requests, and people ready to use it.

/** Sends a request (a JSON body when given, the token as a bearer); a refusal throws with its answer. */
export async function request(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<Response> {
  const response = await fetch(`${base}${url}`, apiRequest(method, body, token));
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

/** A POST whose answer is JSON. */
export async function postJson(
  base: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  return (await (await request(base, 'POST', url, body, token)).json()) as Record<string, unknown>;
}

interface BenchPerson {
  /** Verifies the new account's address (each benchmark has its own way). */
  verify: (email: string) => Promise<void>;
  /** Born in Oslo on this day (YYYY-MM-DD) at this time (HH:mm). */
  born?: { date: string; time: string };
}

/** Signs a person up, verifies them and saves their birth data; answers their token. */
export async function signUpBenchPerson(
  base: string,
  email: string,
  { verify, born = { date: '1987-09-14', time: '06:45' } }: BenchPerson,
): Promise<string> {
  const password = 'bench-passphrase-long-enough';
  await postJson(base, '/api/auth/register', { email, name: 'Bench', password });
  await verify(email);
  // Signed in again once verified: an address of ADMIN_EMAILS (paid access) is an admin from then on.
  const { token } = (await postJson(base, '/api/auth/login', { email, password })) as { token: string };
  await postJson(
    base,
    '/api/birth-data/save',
    {
      name: 'Bench',
      ...born,
      city: 'Oslo',
      country: 'Norway',
      latitude: 59.91,
      longitude: 10.75,
      timeZone: 'Europe/Oslo',
    },
    token,
  );
  return token;
}

/** The value below which a share `p` (0 to 1) of the values lie. */
export function percentile(values: number[], p: number): number {
  return [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;
}
