import http from 'node:http';

/**
 * One keep-alive pool for every call to a service. Without it each proxied request opens and closes a TCP
 * connection, which on this machine cuts throughput by more than half and adds tens of ms at p99.
 */
export function createUpstreamAgent(maxSockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, keepAliveMsecs: 1_000, maxSockets, maxFreeSockets: Math.min(maxSockets, 64), scheduling: 'lifo' });
}

export interface JsonResponse {
  status: number;
  body: unknown;
}

/** A small GET over the keep-alive pool that always settles: a body, or an error after `timeoutMs`. */
export function getJson(url: string, headers: http.OutgoingHttpHeaders, agent: http.Agent, timeoutMs: number): Promise<JsonResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { accept: 'application/json', ...headers }, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null });
        } catch {
          reject(new Error(`${url} answered ${response.statusCode} with a body that is not JSON`));
        }
      });
    });
    request.on('timeout', () => request.destroy(new Error(`${url} did not answer within ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}
