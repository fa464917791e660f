import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a test's image server answers on a path: a status, headers and a body (or a body that never ends). */
export interface ServedAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Sends this many bytes in 64 KB chunks, with no content-length, to test a limit counted while streaming. */
  streamBytes?: number;
  /** Never answers (to test a fetch's time limit); the connection is closed when the server stops. */
  hang?: boolean;
}

export interface ImageServer {
  /** `127.0.0.1:<port>`, as BRAND_IMAGE_FETCH_ALLOW_HOSTS names it. */
  host: string;
  port: number;
  url(path: string): string;
  /** How many requests reached it, per path. */
  hits(path: string): number;
  close(): Promise<void>;
}

/**
 * A local HTTP server serving fixed answers by path, for tests of fetching an image by link: tests never reach the
 * internet, so the image a "link" names is served from this machine (127.0.0.1 only).
 */
export async function startImageServer(answers: Record<string, ServedAnswer>): Promise<ImageServer> {
  const counts = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const answer = answers[path];
    if (!answer) return response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    if (answer.hang) return;
    response.writeHead(answer.status ?? 200, answer.headers ?? {});
    if (answer.streamBytes !== undefined) {
      let left = answer.streamBytes;
      const chunk = Buffer.alloc(64 * 1024, 0xff);
      const write = (): void => {
        while (left > 0) {
          const piece = chunk.subarray(0, Math.min(chunk.length, left));
          left -= piece.length;
          if (!response.write(piece)) return void response.once('drain', write);
        }
        response.end();
      };
      response.on('close', () => (left = 0));
      return write();
    }
    response.end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    hits: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
