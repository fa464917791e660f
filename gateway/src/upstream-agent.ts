import http from 'node:http';

/**
 * One keep-alive pool for every call to a service. Without it each proxied request opens and closes a TCP
 * connection, which on this machine cuts throughput by more than half and adds tens of ms at p99.
 *
 * `timeout` closes a connection left idle in the pool for `idleTimeoutMs` (Node applies it to free sockets and
 * destroys them when it fires; a request in flight has its own timeout). It is kept well below the services'
 * keep-alive timeout so the pool, not the service, ends an idle connection: otherwise a request can be written
 * onto a connection the service is closing at that instant, and is reset.
 */
export function createUpstreamAgent(maxSockets: number, idleTimeoutMs: number): http.Agent {
  return new http.Agent({
    keepAlive: true,
    keepAliveMsecs: 1_000,
    maxSockets,
    maxFreeSockets: Math.min(maxSockets, 64),
    scheduling: 'lifo',
    timeout: idleTimeoutMs,
  });
}

export interface JsonResponse {
  status: number;
  body: unknown;
}

/** A reset (or a close without an answer) on a pooled connection that had served before: the service never saw the request. */
function isStaleConnection(error: NodeJS.ErrnoException, request: http.ClientRequest): boolean {
  return request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
}

/**
 * A small GET over the keep-alive pool that always settles: a body, or an error once `timeoutMs` have passed
 * since the call. The deadline covers the whole exchange (waiting for a pooled socket, connecting, the answer),
 * not only socket inactivity, so a service that accepts connections and never answers cannot hold a caller longer.
 * Sent once more, within what is left of the deadline, when a pooled connection turns out to be closed before
 * answering (a GET is safe to resend).
 */
export function getJson(url: string, headers: http.OutgoingHttpHeaders, agent: http.Agent, timeoutMs: number, retried = false): Promise<JsonResponse> {
  const startedAt = Date.now();
  return new Promise((resolve, reject) => {
    let answered = false;
    let gaveUp = false;
    const abort = new AbortController();
    const request = http.get(url, { agent, headers: { accept: 'application/json', ...headers }, signal: abort.signal }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        clearTimeout(deadline);
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null });
        } catch {
          reject(new Error(`${url} answered ${response.statusCode} with a body that is not JSON`));
        }
      });
    });
    // The deadline answers the caller itself, then aborts the request. A request still queued for a pooled socket
    // reports its end only once the pool hands it one (when a busy service frees a socket, seconds later), so
    // waiting for that error would hold the caller past its deadline; the abort keeps the request from being sent
    // on that socket, to a service the caller no longer waits for.
    const deadline = setTimeout(() => {
      gaveUp = true;
      reject(new Error(`${url} did not answer within ${timeoutMs} ms`));
      abort.abort();
    }, timeoutMs);
    deadline.unref();
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      // The abort's own error, after the deadline has answered.
      if (gaveUp) return;
      const left = timeoutMs - (Date.now() - startedAt);
      if (!answered && !retried && left > 0 && isStaleConnection(error, request)) {
        getJson(url, headers, agent, left, true).then(resolve, reject);
        return;
      }
      reject(error);
    });
  });
}
