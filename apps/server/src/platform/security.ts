import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/** The CSP of the web app: its own scripts and styles only, nothing framed, no plugins. */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // Component libraries set style attributes and may inject <style>; scripts stay strict.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** The app asks for no powerful browser feature; none is granted to it or to anything it embeds. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/**
 * Helmet's headers, computed once. (The Fastify plugin rebuilds every Helmet middleware on each
 * request, which cost more than the rest of an authenticated API call; our headers never vary.)
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * What an API answer needs: JSON is never a document, so its policy loads nothing and may not be
 * framed; it is never cached or sniffed. The full document set goes to pages and their assets.
 */
export function apiSecurityHeaders(hsts: string | undefined): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    // Answers about accounts must never sit in a shared or browser cache.
    'cache-control': 'no-store',
    'permissions-policy': PERMISSIONS_POLICY,
    ...(hsts && { 'strict-transport-security': hsts }),
  };
}

/** True for the API's addresses (with or without a query), which answer JSON, never a page. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** The two header sets every answer gets one of: pages and their assets, and the API's JSON. */
export interface SecurityHeaderSets {
  document: Record<string, string>;
  api: Record<string, string>;
}

export function securityHeaderSets(config: Pick<Config, 'hsts'>): SecurityHeaderSets {
  const document = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS only makes sense behind HTTPS: on when APP_URL is https, or as HSTS says.
    strictTransportSecurity: config.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // Powerful browser features the app never uses stay off for it and anything it might embed.
  document['Permissions-Policy'] = PERMISSIONS_POLICY;
  return { document, api: apiSecurityHeaders(document['Strict-Transport-Security']) };
}

export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  headers: SecurityHeaderSets,
): Promise<void> {
  const { document: documentHeaders, api: apiHeaders } = headers;
  // A callback hook: on every request, a promise per hook is measurable.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? apiHeaders : documentHeaders);
    done();
  });

  await app.register(cors, {
    // Only listed origins; a literal "null" origin (sandboxed frames, files) never matches.
    origin: (origin, callback) => {
      callback(null, origin !== undefined && origin !== 'null' && config.corsOrigins.includes(origin));
    },
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Authorization'],
    maxAge: 600,
  });
}
