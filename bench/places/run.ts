import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// Place search benchmark: atlas load time, memory of a server process before and after the atlas
// is loaded, and search latency over a bounded, repeatable set of typed prefixes, in process and
// through the real app over HTTP on loopback.
//   node --import tsx bench/places/run.ts

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const rssMiB = () => {
  gc();
  gc();
  return process.memoryUsage().rss / 2 ** 20;
};

const rssStart = rssMiB();
const { getSharedAtlas } = await import('../../apps/server/src/modules/places/service.ts');
const { buildApp } = await import('../../apps/server/src/app.ts');
const { testConfig, testRateLimit } = await import('../../apps/server/src/testing/harness.ts');

// The real app on a throwaway SQLite file, rate limit off so the bench measures search only.
const app = await buildApp(testConfig({ rateLimit: testRateLimit({ enabled: false }) }), {
  mailLoop: false,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const rssServer = rssMiB();

const loadStarted = performance.now();
// The same copy the app's /api/places answers from.
const atlas = getSharedAtlas();
const loadMs = performance.now() - loadStarted;
// Before a full GC the file text just parsed is still held; a running server frees it at its next one.
const rssAtlasNoGc = process.memoryUsage().rss / 2 ** 20;
const rssAtlas = rssMiB();

// What people type, as they type it (accents or not): big cities and small towns of every
// continent, one letter at a time up to 12 letters; every fourth name with its country filter.
const NAMES = [
  'Tokyo',
  'Delhi',
  'Shanghai',
  'Sao Paulo',
  'Mexico City',
  'Cairo',
  'Mumbai',
  'Beijing',
  'Dhaka',
  'Osaka',
  'New York',
  'Karachi',
  'Buenos Aires',
  'Istanbul',
  'Kolkata',
  'Manila',
  'Lagos',
  'Rio de Janeiro',
  'Los Angeles',
  'Moscow',
  'Kinshasa',
  'Lahore',
  'Bangalore',
  'Paris',
  'Bogota',
  'Jakarta',
  'Lima',
  'Bangkok',
  'Seoul',
  'Nagoya',
  'Hyderabad',
  'London',
  'Tehran',
  'Chicago',
  'Chennai',
  'Luanda',
  'Ho Chi Minh City',
  'Kuala Lumpur',
  'Hong Kong',
  'Riyadh',
  'Baghdad',
  'Santiago',
  'Madrid',
  'Toronto',
  'Khartoum',
  'Berlin',
  'Sydney',
  'Melbourne',
  'Johannesburg',
  'Nairobi',
  'Addis Ababa',
  'Rome',
  'Athens',
  'Kyiv',
  'Warsaw',
  'Budapest',
  'Vienna',
  'Prague',
  'Zurich',
  'Munchen',
  'Munich',
  'Hamburg',
  'Koln',
  'Frankfurt am Main',
  'Amsterdam',
  'Rotterdam',
  'Brussels',
  'Lisbon',
  'Porto',
  'Barcelona',
  'Sevilla',
  'Marseille',
  'Lyon',
  'Nice',
  'Geneve',
  'Oslo',
  'Bergen',
  'Trondheim',
  'Stockholm',
  'Goteborg',
  'Malmo',
  'Copenhagen',
  'Aarhus',
  'Helsinki',
  'Tampere',
  'Reykjavik',
  'Akureyri',
  'Dublin',
  'Cork',
  'Edinburgh',
  'Glasgow',
  'Manchester',
  'Birmingham',
  'Bath',
  'Cardiff',
  'Belfast',
  'Springfield',
  'Portland',
  'Columbus',
  'Austin',
  'Boulder',
  'Santa Fe',
  'San Jose',
  'San Antonio',
  'Saint Louis',
  'Montreal',
  'Quebec',
  'Vancouver',
  'Halifax',
  'Anchorage',
  'Honolulu',
  'Havana',
  'San Juan',
  'Kingston',
  'Guadalajara',
  'Monterrey',
  'Oaxaca',
  'Medellin',
  'Cali',
  'Quito',
  'Cusco',
  'La Paz',
  'Asuncion',
  'Montevideo',
  'Cordoba',
  'Mendoza',
  'Valparaiso',
  'Recife',
  'Salvador',
  'Belo Horizonte',
  'Curitiba',
  'Porto Alegre',
  'Manaus',
  'Dakar',
  'Accra',
  'Abidjan',
  'Casablanca',
  'Marrakesh',
  'Tunis',
  'Algiers',
  'Tripoli',
  'Kampala',
  'Kigali',
  'Dar es Salaam',
  'Lusaka',
  'Harare',
  'Cape Town',
  'Durban',
  'Antananarivo',
  'Tel Aviv',
  'Jerusalem',
  'Beirut',
  'Damascus',
  'Amman',
  'Dubai',
  'Doha',
  'Muscat',
  'Kabul',
  'Tashkent',
  'Almaty',
  'Astana',
  'Ulaanbaatar',
  'Novosibirsk',
  'Yekaterinburg',
  'Vladivostok',
  'Saint Petersburg',
  'Kazan',
  'Tbilisi',
  'Yerevan',
  'Baku',
  'Thessaloniki',
  'Izmir',
  'Ankara',
  'Kathmandu',
  'Colombo',
  'Pune',
  'Jaipur',
  'Lucknow',
  'Varanasi',
  'Yangon',
  'Hanoi',
  'Phnom Penh',
  'Singapore',
  'Cebu',
  'Taipei',
  'Busan',
  'Sapporo',
  'Kyoto',
  'Fukuoka',
  'Chengdu',
  'Wuhan',
  'Xian',
  'Auckland',
  'Wellington',
  'Christchurch',
  'Perth',
  'Brisbane',
  'Adelaide',
  'Hobart',
  'Darwin',
  'Suva',
  'Noumea',
  'Tromso',
  'Lodz',
  'Krakow',
  'Wroclaw',
  'Gdansk',
  'Brno',
  'Bratislava',
  'Ljubljana',
  'Zagreb',
  'Split',
  'Sarajevo',
  'Belgrade',
  'Sofia',
  'Bucuresti',
  'Cluj-Napoca',
  'Chisinau',
  'Minsk',
  'Vilnius',
  'Riga',
  'Tallinn',
  'Tartu',
];
const queries: { q: string; country?: string }[] = [];
NAMES.forEach((name, i) => {
  const country = i % 4 === 3 ? atlas.search(name, { limit: 1 })[0]?.countryCode : undefined;
  for (let n = 1; n <= Math.min(name.length, 12); n++) queries.push({ q: name.slice(0, n), country });
});

const percentiles = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  return { p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1)! };
};
const format = (figures: Record<string, number>, unit: string) =>
  Object.entries(figures)
    .map(([k, v]) => `${k} ${v.toFixed(3)} ${unit}`)
    .join(', ');

// Single letters in a country not asked before: never remembered, so a scan of every key
// starting with that letter; the most a search can cost. Measured after warming up on others.
for (const country of ['ZA', 'AU', 'CA', 'MX', 'JP']) {
  for (const letter of 'abcdefghijklmnopqrstuvwxyz') atlas.search(letter, { country });
}
const coldLetters: number[] = [];
for (const country of ['US', 'DE', 'FR', 'BR', 'IN', 'GB', 'IT', 'ES']) {
  for (const letter of 'abcdefghijklmnopqrstuvwxyz') {
    const t = performance.now();
    atlas.search(letter, { country });
    coldLetters.push(performance.now() - t);
  }
}

// Three passes over the typed prefixes: the first warms the code and fills the remembered short
// answers, as the first visitors of a fresh server do; the next two are the steady state.
const inProcess: number[][] = [[], []];
for (let round = 0; round < 3; round++) {
  for (const { q, country } of queries) {
    const t = performance.now();
    atlas.search(q, { country, limit: 10 });
    inProcess[Math.min(round, 1)]!.push(performance.now() - t);
  }
}

// Over HTTP: one keep-alive connection, requests one after another, as an autocomplete does.
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const get = (path: string) =>
  new Promise<number>((resolve, reject) => {
    const t = performance.now();
    const req = request({ host: '127.0.0.1', port, path, agent: keepAlive }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(performance.now() - t)
          : reject(new Error(`${path}: ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
const { Agent } = await import('node:http');
const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
const overHttp: number[][] = [[], []];
let steadyCpu = { user: 0, system: 0 };
for (let round = 0; round < 3; round++) {
  if (round === 1) steadyCpu = process.cpuUsage();
  for (const { q, country } of queries) {
    const params = new URLSearchParams({ q, limit: '10', ...(country && { country }) });
    overHttp[Math.min(round, 1)]!.push(await get(`/api/places?${params}`));
  }
}
// CPU time, unlike wall time, does not grow while other processes hold the cores.
const cpu = process.cpuUsage(steadyCpu);
const cpuPerRequest = (cpu.user + cpu.system) / 1000 / overHttp[1]!.length;
keepAlive.destroy();
await new Promise((resolve) => setTimeout(resolve, 200));
const rssIdle = rssMiB();
await app.close();

const stats = atlas.stats();
// Other processes on the machine show up in the tail latencies: say how busy it was.
console.log(`machine: ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(2)} over the last minute`);
console.log(
  `atlas: ${stats.places} places, ${stats.keys} search keys, ${stats.regions} regions, ${stats.zones} zones`,
);
console.log(`atlas load: ${loadMs.toFixed(0)} ms`);
console.log(
  `RSS: ${rssStart.toFixed(1)} MiB at start, ${rssServer.toFixed(1)} MiB with the server built and listening, ` +
    `${rssAtlasNoGc.toFixed(1)} MiB right after loading the atlas, ` +
    `${rssAtlas.toFixed(1)} MiB after a full GC (+${(rssAtlas - rssServer).toFixed(1)} MiB), ` +
    `${rssIdle.toFixed(1)} MiB idle after the HTTP run`,
);
console.log(
  `search, single letters with a country, never remembered (${coldLetters.length}): ${format(percentiles(coldLetters), 'ms')}`,
);
const passes = (label: string, [first, steady]: number[][]) => {
  console.log(`${label}, first pass (${first!.length}): ${format(percentiles(first!), 'ms')}`);
  console.log(`${label}, next two passes (${steady!.length}): ${format(percentiles(steady!), 'ms')}`);
};
passes('search in process', inProcess);
passes('GET /api/places over loopback HTTP', overHttp);
console.log(
  `GET /api/places CPU time per request, client and server together (next two passes): ${cpuPerRequest.toFixed(3)} ms`,
);

// The figure that matters for the target: the server as `npm start` runs it (compiled, in a process
// of its own, without this script's TypeScript loader and load generator), idle after the atlas
// has been loaded by one search.
{
  const { spawn } = await import('node:child_process');
  const { mkdirSync, mkdtempSync, rmSync } = await import('node:fs');
  const path = await import('node:path');
  const { bundleServer, serverEntries } = await import('../../scripts/build-server.ts');
  const root = path.join(import.meta.dirname, '../..');
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const buildDir = mkdtempSync(path.join(root, '.tmp/bench-places-'));
  const dataDir = mkdtempSync(path.join(root, '.tmp/bench-places-data-'));
  await bundleServer(serverEntries(), buildDir);
  const child = spawn(process.execPath, ['--max-semi-space-size=2', path.join(buildDir, 'main.js')], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const childPort = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const { processRssMiB } = await import('../support/process-stats.ts');
  const childRss = () => processRssMiB(child.pid!);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const beforeAtlas = childRss();
  await fetch(`http://127.0.0.1:${childPort}/api/places?q=Oslo`);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const withAtlas = childRss();
  console.log(
    `compiled server (npm start), own process: RSS ${beforeAtlas.toFixed(1)} MiB idle before the atlas, ${withAtlas.toFixed(1)} MiB idle with the atlas loaded (target under 250 MiB)`,
  );
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(buildDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
