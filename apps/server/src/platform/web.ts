import { existsSync } from 'node:fs';
import path from 'node:path';
import { isAppPath } from '@app/contracts/app-paths.ts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from './errors.ts';
import { isApiPath } from './security.ts';

/**
 * Serves the built web app when it exists. The app routes on the URL hash, so any other GET that
 * is not an API call answers with index.html. Unknown API paths answer JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasWeb = existsSync(path.join(webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      index: 'index.html',
      // The build writes .br and .gz copies of its text files; they go to browsers that accept them.
      preCompressed: true,
      // Source maps would publish the original source; a build that kept them still never serves them.
      allowedPath: (pathName) => !/\.map$/i.test(pathName),
      setHeaders: (reply, file) => {
        // Hashed assets never change; the entry page and service worker must be revalidated.
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // Probing unknown API paths is counted by the request limits' onRequest hook like any API call.
  app.setNotFoundHandler(async (request, reply) => {
    const reading = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(request.url) || !hasWeb || !reading) throw notFound();
    // The app routes on the hash: an address typed without it (`/privacy-policy`) goes to its
    // screen; any other address is not a page of ours.
    const [pathname = '/', query] = request.url.split('?', 2);
    // The app's own address (the static files' index does not answer it when a compressed copy
    // is asked for).
    if (pathname === '/') return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    if (isAppPath(pathname)) {
      const route = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
      return reply.redirect(`/#${route}${query ? `?${query}` : ''}`, 302);
    }
    return reply
      .status(404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(notFoundPage());
  });
}

/** What a browser shows for an address that is no page of ours (the app itself is at /). */
function notFoundPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page not found · Astro Guidance</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Page not found</h1>
<p>There is no page at this address. It may have moved, or the link may be incomplete.</p>
<p><a href="/">Go to Astro Guidance</a></p>
</body></html>
`;
}
