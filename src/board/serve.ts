// `board --serve`: the page on the loopback address only, redrawn when the repository's state
// moves (./signature.ts) and pushed to open pages as a Server-Sent Event that makes them reload.
// Bounded: two paths, GET only, a Host header that names the loopback (a page elsewhere cannot
// reach it through a DNS name rebound to 127.0.0.1), a cap on connections and on open pages.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { watchChanges } from './signature.js';

export const EVENTS_PATH = '/events';
const MAX_CONNECTIONS = 64;
const MAX_PAGES = 16;
/** A comment line this often keeps an idle event stream open through proxies and sleeps. */
const KEEPALIVE_MS = 15_000;

/** Whether `host` is a loopback address or name: the only addresses the board binds. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(h) && h.split('.').every((n) => Number(n) <= 255);
}

/** The host name of a Host header (`127.0.0.1:7717`, `[::1]:7717`, `localhost`). */
const hostOf = (header: string | undefined) => (header ?? '').replace(/:\d+$/, '');

export interface Drawn {
  html: string;
  /** What the page shows, without the time it was drawn: a new key means open pages reload. */
  key: string;
}

export interface Served {
  url: string;
  port: number;
  /** Ends every open page's stream, stops watching, and closes the server. */
  close(): Promise<void>;
}

export async function serveBoard(opts: { host: string; port: number; commonDir: string; files: () => string[]; draw: () => Promise<Drawn>; everyMs?: number }): Promise<Served> {
  let current = await opts.draw();
  let version = 0;
  const pages = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!isLoopback(hostOf(req.headers.host))) {
      res.writeHead(421, { 'content-type': 'text/plain' }).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/' || path === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
      res.end(req.method === 'HEAD' ? undefined : current.html);
    } else if (path === EVENTS_PATH && pages.size < MAX_PAGES) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      res.write(`retry: 500\n\n`);
      pages.add(res);
      req.on('close', () => pages.delete(res));
    } else {
      res.writeHead(path === EVENTS_PATH ? 503 : 404).end();
    }
  });
  server.maxConnections = MAX_CONNECTIONS;
  server.headersTimeout = 10_000;
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const watch = watchChanges(
    opts.commonDir,
    opts.files,
    async () => {
      const next = await opts.draw();
      const changed = next.key !== current.key;
      current = next;
      if (changed) {
        version++;
        for (const p of pages) p.write(`data: ${version}\n\n`);
      }
    },
    { everyMs: opts.everyMs },
  );
  const keepalive = setInterval(() => {
    for (const p of pages) p.write(':\n\n');
  }, KEEPALIVE_MS);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  const shown = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${shown}:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        watch.stop();
        clearInterval(keepalive);
        for (const p of pages) p.end();
        pages.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
