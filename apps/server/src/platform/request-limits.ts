import { STATUS_MESSAGES } from '@app/contracts/error-catalogue.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { isApiPath } from './security.ts';
import { clientKey, type Throttle, type ThrottleCheck } from './throttle.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: never counted (health checks, payment provider webhooks). */
    rateLimit?: false;
  }
}

/**
 * The count of one signed-in person's API use, whatever carries it: HTTP requests and the
 * realtime connection's events share it (and with Redis, every process does).
 */
export function personLimit(limits: Config['rateLimit'], userId: string): ThrottleCheck {
  return { rule: limits.apiPerUser, key: `api:user:${userId}` };
}

/** A browser loading a page (not a script, style, image or API call). */
function isNavigation(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isApiPath(request.url) &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/** What a person sees instead of raw JSON when their page load is limited. */
function limitedPage(retryAfterSeconds: number): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${retryAfterSeconds}">
<title>Please wait a moment</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Please wait a moment</h1>
<p>${STATUS_MESSAGES[429]}</p>
<p>This page reloads by itself in ${retryAfterSeconds} seconds. <a href="">Try again now</a></p>
</body></html>
`;
}

function refusePage(reply: FastifyReply, waitMs: number): FastifyReply {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return reply
    .status(429)
    .header('retry-after', String(seconds))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(limitedPage(seconds));
}

/**
 * Request limits (ADR 0172). The app's files are never counted, so a first visit (page, scripts,
 * the service worker's precache) cannot trip anything. API calls count per signed-in user, or per
 * client address without a session; page loads only against a flood ceiling per address, and a
 * refused page load gets a page that retries, never JSON.
 */
export function registerRequestLimits(
  app: FastifyInstance,
  config: Pick<Config, 'rateLimit' | 'trustProxy'>,
  throttle: Throttle,
  /** The signed-in person of a request, or null (the auth module's identifyUser). */
  identify: (request: FastifyRequest) => Promise<{ id: string } | null>,
): void {
  if (config.trustProxy === false) warnAboutUntrustedProxy(app);
  const limits = config.rateLimit;
  if (!limits.enabled) return;
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.rateLimit === false) return;
    if (isApiPath(request.url)) {
      const user = await identify(request);
      await throttle.take(
        user
          ? personLimit(limits, user.id)
          : { rule: limits.apiPerIp, key: `api:ip:${clientKey(request.ip)}` },
      );
      return;
    }
    if (!isNavigation(request)) return;
    const pages = { rule: limits.pagesPerIp, key: `pages:ip:${clientKey(request.ip)}` };
    const wait = await throttle.waitFor(pages);
    if (wait > 0) return refusePage(reply, wait);
    await throttle.count(pages);
  });
}

/**
 * Behind a proxy without TRUST_PROXY every visitor has the proxy's address and shares its limits;
 * the first request carrying forwarding headers says so once.
 */
function warnAboutUntrustedProxy(app: FastifyInstance): void {
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && (request.headers['x-forwarded-for'] || request.headers.forwarded)) {
      warned = true;
      request.log.warn(
        { remoteAddress: request.socket.remoteAddress },
        'Requests carry X-Forwarded-For/Forwarded headers but TRUST_PROXY is not set: every client ' +
          'behind that proxy shares one address and its request limits. Set TRUST_PROXY to the proxy.',
      );
    }
    done();
  });
}
