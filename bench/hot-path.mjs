// Issue 10's table: the reads users feel, each through the gateway and straight to the service, beside bare Node
// answering the same bytes (the machine's ceiling in the same minutes), with the bytes each answer put on the wire.
// Requests carry `Accept-Encoding: br, gzip` as a browser's do. The "uncached" rows send `Cache-Control: no-cache`
// (what a browser sends on reload), which the gateway's micro-cache honours by asking the service; the "cached"
// rows let it answer, which is what guests reading the same popular page get.
import http from 'node:http';

const BROWSER = { 'accept-encoding': 'br, gzip' };
const UNCACHED = { ...BROWSER, 'cache-control': 'no-cache' };

function startBareServer(body) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Bytes per answer as autocannon read them off the socket (headers and body, compressed or not). */
function bytesPerAnswer(result) {
  return result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0;
}

export async function benchHotPath({ baseUrl, brandsUrl, detailIds, load, summarise }) {
  const [first] = detailIds;
  const brandJson = await (await fetch(`${brandsUrl}/api/brands/${first}`)).text();
  let n = 0;
  const inTurn = (prefix) => ({ requests: [{ setupRequest: (req) => ({ ...req, path: `${prefix}/api/brands/${detailIds[n++ % detailIds.length]}` }) }] });
  const measure = async (name, url, headers, options = {}) => {
    // A second of the same load first, so no row pays for warming up.
    await load(url, headers, { ...options, duration: 1 });
    const result = await load(url, headers, options);
    return { ...summarise(name, result), bytes: bytesPerAnswer(result) };
  };
  const bare = await startBareServer(brandJson);
  const rows = [];
  try {
    rows.push(await measure('bare Node http (a brand\'s JSON)', `http://127.0.0.1:${bare.address().port}/`, {}));
  } finally {
    bare.close();
  }
  const list = '/api/brands?category=Shoes&limit=24';
  const today = '/api/brands/today?limit=24';
  rows.push(await measure('brands GET /health, direct', `${brandsUrl}/health`, {}));
  rows.push(await measure('GET /api/brands/{id} (1,000 ids), direct', brandsUrl, BROWSER, inTurn('')));
  rows.push(await measure('GET /api/brands/{id} (1,000 ids), gateway, uncached', baseUrl, UNCACHED, inTurn('')));
  rows.push(await measure('GET /api/brands/{id} (1,000 ids), gateway', baseUrl, BROWSER, inTurn('')));
  rows.push(await measure('GET /api/brands/{id} (one), gateway', `${baseUrl}/api/brands/${first}`, BROWSER));
  rows.push(await measure(`GET ${list}, direct`, `${brandsUrl}${list}`, BROWSER));
  rows.push(await measure(`GET ${list}, gateway, uncached`, `${baseUrl}${list}`, UNCACHED));
  rows.push(await measure(`GET ${list}, gateway`, `${baseUrl}${list}`, BROWSER));
  rows.push(await measure(`GET ${today}, direct`, `${brandsUrl}${today}`, BROWSER));
  rows.push(await measure(`GET ${today}, gateway, uncached`, `${baseUrl}${today}`, UNCACHED));
  rows.push(await measure(`GET ${today}, gateway`, `${baseUrl}${today}`, BROWSER));
  rows.push(await measure('GET / (index.html), gateway', `${baseUrl}/`, BROWSER));
  const rps = (name) => rows.find((row) => row.name === name)?.rps ?? NaN;
  const bareRps = rows[0].rps;
  const ratios = [
    ['brand by id through the gateway (uncached) vs bare Node', rps('GET /api/brands/{id} (1,000 ids), gateway, uncached') / bareRps],
    ['brand by id through the gateway vs bare Node', rps('GET /api/brands/{id} (1,000 ids), gateway') / bareRps],
    ['gateway vs direct, brand by id (uncached)', rps('GET /api/brands/{id} (1,000 ids), gateway, uncached') / rps('GET /api/brands/{id} (1,000 ids), direct')],
    ['gateway vs direct, list (uncached)', rps(`GET ${list}, gateway, uncached`) / rps(`GET ${list}, direct`)],
    ['gateway vs direct, today (uncached)', rps(`GET ${today}, gateway, uncached`) / rps(`GET ${today}, direct`)],
    ['list vs brand by id, gateway (uncached)', rps(`GET ${list}, gateway, uncached`) / rps('GET /api/brands/{id} (1,000 ids), gateway, uncached')],
    ['today vs brand by id, gateway (uncached)', rps(`GET ${today}, gateway, uncached`) / rps('GET /api/brands/{id} (1,000 ids), gateway, uncached')],
    ['GET / vs bare Node', rps('GET / (index.html), gateway') / bareRps],
  ];
  return { rows, ratios };
}
