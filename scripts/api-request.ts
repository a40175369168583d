/**
 * The fetch options of a call to the app's JSON API, for the benchmarks and the fault suite: the
 * body as JSON when given, the token as a bearer.
 */
export function apiRequest(method: string, body?: unknown, token?: string): RequestInit {
  return {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  };
}
