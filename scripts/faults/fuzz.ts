import { call, PASSWORD, type Postgres, startServer } from './harness.ts';

// 10,000 fuzzed requests across every route of the OpenAPI document (random methods, path
// parameters, bodies, content types and tokens, plus paths that are not routes), with request
// limits on: no answer is a 5xx, and none shows a stack trace, a file path or SQL. A 429 is fine.

const REQUESTS = Number(process.env.FAULTS_FUZZ_REQUESTS ?? 10_000);
const CONCURRENCY = 8;
const TIME_LIMIT_MS = 90_000;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];
/** What must never reach a client: stack frames, source paths, SQL, driver names. */
const LEAKS = [
  /\n\s+at /,
  /\bat \S+ \(\S+:\d+:\d+\)/,
  /node_modules|\/work\/|\/apps\/server\/|\.ts:\d+/,
  /\bselect\b[^.]{1,80}\bfrom\b|\binsert into\b|\bupdate \w+ set\b|syntax error at/i,
  /SQLITE_|sqlite3|PostgreSQL|pg_|ECONNREFUSED|kysely/i,
];

/** A small seeded generator, so that a failing run can be repeated (FAULTS_SEED). */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}

type Random = ReturnType<typeof generator>;

const STRINGS = [
  '',
  ' ',
  'a',
  'x'.repeat(5_000),
  '../../etc/passwd',
  '%00',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '\u0000\uffff',
  '😀',
  '1987-02-30',
  '25:99',
  'NaN',
  '-1',
  '1e309',
  'null',
  'fuzz@example.test',
];

function value(random: Random, depth = 0): unknown {
  switch (random.int(depth > 2 ? 5 : 8)) {
    case 0:
      return random.pick(STRINGS);
    case 1:
      return random.pick([0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 90.0001, -180.5]);
    case 2:
      return random.pick([true, false, null]);
    case 3:
      return `${random.pick(STRINGS)}${random.int(1000)}`;
    case 4:
      return random.int(100_000);
    case 5:
      return Array.from({ length: random.int(4) }, () => value(random, depth + 1));
    default:
      return object(random, [], depth + 1);
  }
}

function object(random: Random, fields: string[], depth = 0): Record<string, unknown> {
  const keys = [
    ...fields.filter(() => random.next() < 0.8),
    ...(random.next() < 0.3 ? ['__proto__', 'extra'] : []),
  ];
  return Object.fromEntries(keys.map((key) => [key, value(random, depth)]));
}

interface Route {
  method: string;
  path: string;
  fields: string[];
}

/** Every operation of the OpenAPI document, with the top-level fields of its JSON body. */
async function routes(base: string): Promise<Route[]> {
  const answer = await call(base, 'GET', '/api/docs/json');
  if (answer.status !== 200) throw new Error(`no OpenAPI document: ${answer.status}`);
  const paths = answer.json().paths as Record<string, Record<string, { requestBody?: unknown }>>;
  const found: Route[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const schema = (
        operation.requestBody as
          | { content?: Record<string, { schema?: { properties?: object } }> }
          | undefined
      )?.content?.['application/json']?.schema;
      found.push({ method: method.toUpperCase(), path, fields: Object.keys(schema?.properties ?? {}) });
    }
  }
  return found;
}

function request(random: Random, route: Route, token: string) {
  const method = random.next() < 0.75 ? route.method : random.pick(METHODS);
  let path = route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(String(value(random, 3))));
  if (random.next() < 0.1) path += random.pick(['/extra', '?x=%ff', '%2e%2e/%2e%2e', '/..;/admin', '#frag']);
  if (random.next() < 0.05) path = `/api/${random.pick(STRINGS).slice(0, 40)}`;
  const headers: Record<string, string> = {};
  const auth = random.int(4);
  if (auth === 1) headers.authorization = `Bearer ${token}`;
  if (auth === 2)
    headers.authorization = random.pick([
      'Bearer ',
      'Bearer x.y.z',
      'Basic Zm9vOmJhcg==',
      `Bearer ${token}x`,
    ]);
  let body: string | undefined;
  if (method !== 'GET' && method !== 'HEAD' && random.next() < 0.85) {
    headers['content-type'] = random.pick([
      'application/json',
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
    ]);
    body = random.pick([
      () => JSON.stringify(object(random, route.fields)),
      () => JSON.stringify(value(random)),
      () => '{"unterminated": ',
      () => random.pick(STRINGS),
    ])();
  }
  return { method, path, headers, body };
}

export async function fuzz(pg: Postgres, work: string): Promise<string> {
  const seed = Number(process.env.FAULTS_SEED ?? Date.now() % 1_000_000);
  const random = generator(seed);
  // Limits stay on, with room enough that most requests reach their route rather than a 429.
  const server = await startServer(
    {
      DATABASE_URL: pg.url,
      RATE_LIMIT_ENABLED: 'true',
      API_REQUESTS_PER_IP_PER_MINUTE: '1000000',
      API_REQUESTS_PER_USER_PER_MINUTE: '1000000',
    },
    work,
  );
  const all = await routes(server.base);
  const signedUp = await call(server.base, 'POST', '/api/auth/register', {
    email: 'fuzz.person@faults.test',
    name: 'Fuzz',
    password: PASSWORD,
  });
  const token = String(signedUp.json().token ?? '');
  const counts = new Map<number, number>();
  const problems: string[] = [];
  const started = Date.now();
  // What any unknown address answers: the web app's page when it is built, else a 404.
  const appShell = await (await fetch(`${server.base}/no-such-page-${Date.now()}`)).text();
  let sent = 0;
  const worker = async () => {
    while (sent < REQUESTS && problems.length < 5 && Date.now() - started < TIME_LIMIT_MS) {
      sent += 1;
      const { method, path, headers, body } = request(random, random.pick(all), token);
      let status: number;
      let text: string;
      let isAppPage = false;
      try {
        const response = await fetch(`${server.base}${path}`, {
          method,
          headers,
          ...(body !== undefined && { body }),
          signal: AbortSignal.timeout(20_000),
        });
        status = response.status;
        text = await response.text();
        // The web app's own pages (when it is built) speak of the product, PostgreSQL included.
        isAppPage = (response.headers.get('content-type') ?? '').startsWith('text/html') && text === appShell;
      } catch (error) {
        status = 0;
        text = String(error);
      }
      counts.set(status, (counts.get(status) ?? 0) + 1);
      const leak = isAppPage ? undefined : LEAKS.find((pattern) => pattern.test(text));
      if (status === 0 || status >= 500 || leak)
        problems.push(
          `${method} ${path} -> ${status}${leak ? ` (shows ${leak})` : ''}: ${text.slice(0, 300)}`,
        );
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (Date.now() - started) / 1000;
  if (problems.length > 0) throw new Error(`seed ${seed}: ${problems.join(' | ')}`);
  if (sent < REQUESTS) throw new Error(`seed ${seed}: only ${sent} requests in ${TIME_LIMIT_MS / 1000} s`);
  if (server.child.exitCode !== null) throw new Error('the server process ended');
  await server.stop();
  const byStatus = [...counts.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
  return `${sent} requests over ${all.length} routes in ${seconds.toFixed(1)} s (seed ${seed}), no 5xx, no internal detail; ${byStatus.join(', ')}`;
}
