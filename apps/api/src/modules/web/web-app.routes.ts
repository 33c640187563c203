import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and
 * `index.html` for every client route so a deep link or a reload works.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexPath = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath) : null;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const isHashed = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|svg|avif|webp)$/.test(filePath);
        res.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir }, 'the web app is not built; run `npm run build`');
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    const looksLikeFile = /\.[a-z0-9]{1,5}(\?|$)/i.test(request.url);
    const isPageRead = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || looksLikeFile || !isPageRead || !indexHtml) {
      throw new AppError('NOT_FOUND', isApi ? 'No such API endpoint' : 'Not found');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
