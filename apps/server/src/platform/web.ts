import { existsSync } from 'node:fs';
import path from 'node:path';
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
    // A missing (or withheld) file is a 404; any other page address gets the app.
    const isFile = request.url.startsWith('/assets/') || /\.map(\?|$)/.test(request.url);
    if (
      !isApiPath(request.url) &&
      !isFile &&
      hasWeb &&
      (request.method === 'GET' || request.method === 'HEAD')
    ) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    throw notFound();
  });
}
