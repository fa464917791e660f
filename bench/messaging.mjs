// Live messaging through the gateway: 2,000 sockets (200 members signed in through the development provider, 10
// tabs each, in 100 client–hunter pairs), then messages sent over HTTP through the gateway at 10, 50, 100 and 200
// a second in turn (a latency curve, issue 23), each delivered to every tab of both people. Run once on the bench system's two messaging replicas and once on a
// second system with one (MESSAGING_REPLICAS=1). Conversations are written straight into the bench database's
// messaging.conversations (a confirmed booking per pair would cost the run minutes and measure bookings, not
// messaging); everything measured goes through the gateway.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { io } from 'socket.io-client';
import { signInThroughProvider } from './sign-in.mjs';

export const MEMBERS = 200;
export const TABS = 10;
/** The rates of the latency curve, messages a second (issue 23). */
export const RATES = [10, 50, 100, 200];
export const SECONDS = 8;
const SIGN_IN_BATCH = 10;
const CONNECT_BATCH = 100;
const SETTLE_MS = 3_000;

const percentile = (sorted, q) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10 : null);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The process listening on a local port (what startHunted started there). */
function pidOnPort(port) {
  const line = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(line)?.[1];
  if (!pid) throw new Error(`nothing listens on port ${port}`);
  return Number(pid);
}

function rssKiB(pid) {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
}

async function getJson(baseUrl, path, cookie) {
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

/**
 * One run: sign in, open the conversations and the sockets, send, count. `ports` are the messaging replicas' and
 * the gateway's, for their memory.
 */
export async function benchMessaging({ baseUrl, databaseUrl, label, messagingPorts, gatewayPort }) {
  const runId = randomUUID().slice(0, 8);
  const members = [];
  for (let start = 0; start < MEMBERS; start += SIGN_IN_BATCH) {
    const batch = Array.from({ length: Math.min(SIGN_IN_BATCH, MEMBERS - start) }, async (_, i) => {
      const n = start + i;
      const cookie = await signInThroughProvider(baseUrl, `bench-chat-${runId}-${n}@bench.example`, `Chat${n}`);
      const user = await getJson(baseUrl, '/api/auth/user', cookie);
      return { cookie, id: user.id };
    });
    members.push(...(await Promise.all(batch)));
  }
  const pairs = [];
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (let i = 0; i < MEMBERS; i += 2) {
      const pair = { id: randomUUID(), client: members[i], hunter: members[i + 1] };
      await db.query(
        `insert into messaging.conversations (id, client_user_id, hunter_id, hunter_user_id) values ($1, $2, $3, $4)`,
        [pair.id, pair.client.id, 900_000 + i, pair.hunter.id],
      );
      pairs.push(pair);
    }
  } finally {
    await db.end();
  }

  const pids = { messaging: messagingPorts.map(pidOnPort), gateway: pidOnPort(gatewayPort) };
  const rssBefore = { messaging: pids.messaging.map(rssKiB), gateway: rssKiB(pids.gateway) };

  // Every tab: its member, and what it received (message id → time of arrival).
  const tabs = [];
  const connectTimes = [];
  const connectStarted = performance.now();
  for (let start = 0; start < MEMBERS * TABS; start += CONNECT_BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(CONNECT_BATCH, MEMBERS * TABS - start) }, (_, i) => {
        const member = members[(start + i) % MEMBERS];
        const socket = io(baseUrl, {
          path: '/socket.io',
          transports: ['websocket'],
          extraHeaders: { cookie: member.cookie, origin: baseUrl },
          reconnection: false,
        });
        const tab = { member, socket, received: new Map() };
        socket.on('message:new', (message) => {
          if (!tab.received.has(message.id)) tab.received.set(message.id, { at: performance.now(), unread: message.unread });
        });
        tabs.push(tab);
        const opened = performance.now();
        return new Promise((resolve, reject) => {
          socket.once('connect', () => {
            connectTimes.push(performance.now() - opened);
            resolve();
          });
          socket.once('connect_error', reject);
        });
      }),
    );
  }
  const connectAllMs = Math.round(performance.now() - connectStarted);
  await sleep(1_000);
  const rssAfter = { messaging: pids.messaging.map(rssKiB), gateway: rssKiB(pids.gateway) };

  // The curve: RATES in turn, each for SECONDS, each message from one side of a pair chosen in turn, to the other;
  // a pause between rates lets the last one's deliveries drain before the next is measured.
  const tabsOf = new Map();
  for (const tab of tabs) tabsOf.set(tab.member.id, [...(tabsOf.get(tab.member.id) ?? []), tab]);
  const failures = {};
  const curve = [];
  let expected = 0;
  let received = 0;
  let messagesSent = 0;
  let n = 0;
  for (const rate of RATES) {
    const sent = [];
    const total = rate * SECONDS;
    const interval = 1000 / rate;
    const sendStarted = performance.now();
    const posts = [];
    for (let i = 0; i < total; i++, n++) {
      const due = sendStarted + i * interval;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const pair = pairs[n % pairs.length];
      const [from, to] = n % 4 < 2 ? [pair.client, pair.hunter] : [pair.hunter, pair.client];
      const startedAt = performance.now();
      const number = n;
      posts.push(
        fetch(`${baseUrl}/api/conversations/${pair.id}/messages`, {
          method: 'POST',
          headers: { cookie: from.cookie, origin: baseUrl, 'content-type': 'application/json' },
          body: JSON.stringify({ content: `bench message ${number}`, receiverId: to.id, clientMessageId: `${runId}-${number}` }),
        }).then(
          async (response) => {
            const body = await response.json();
            if (response.status !== 201) failures[response.status] = (failures[response.status] ?? 0) + 1;
            else sent.push({ id: body.id, startedAt, senderId: from.id, receiverId: to.id });
          },
          (error) => (failures[error.code ?? 'error'] = (failures[error.code ?? 'error'] ?? 0) + 1),
        ),
      );
    }
    await Promise.all(posts);
    const sendSeconds = (performance.now() - sendStarted) / 1000;
    await sleep(SETTLE_MS);

    // Every tab of both people should hold every message of their conversation; the receiver's tabs give the latency.
    const latencies = [];
    const unreadInMessage = { carried: 0, of: 0 };
    for (const message of sent) {
      for (const tab of [...tabsOf.get(message.senderId), ...tabsOf.get(message.receiverId)]) {
        expected++;
        const arrival = tab.received.get(message.id);
        if (arrival === undefined) continue;
        received++;
        if (tab.member.id === message.receiverId) {
          latencies.push(arrival.at - message.startedAt);
          unreadInMessage.of++;
          if (arrival.unread !== undefined) unreadInMessage.carried++;
        }
      }
    }
    latencies.sort((a, b) => a - b);
    messagesSent += sent.length;
    curve.push({ rate, achieved: Math.round(sent.length / sendSeconds), p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), unreadInMessage });
  }
  for (const tab of tabs) tab.socket.disconnect();
  connectTimes.sort((a, b) => a - b);

  const sockets = tabs.length;
  const perConnection = (before, after) => Math.round(((after - before) / sockets) * 10) / 10;
  const messagingDelta = rssAfter.messaging.reduce((sum, kib, i) => sum + kib - rssBefore.messaging[i], 0);
  return {
    label,
    replicas: messagingPorts.length,
    sockets,
    connectAllMs,
    connectP50: percentile(connectTimes, 0.5),
    connectP99: percentile(connectTimes, 0.99),
    messagesSent,
    curve,
    // The first rate of the curve whose p99 passes a second (null: none of them).
    saturatesAt: curve.find((point) => point.p99 !== null && point.p99 > 1_000)?.rate ?? null,
    failures,
    expected,
    received,
    lost: expected - received,
    kibPerConnection: {
      messaging: perConnection(0, messagingDelta),
      gateway: perConnection(rssBefore.gateway, rssAfter.gateway),
    },
  };
}

export function printMessaging(result) {
  console.log(`\nLive messaging, ${result.label}: ${result.sockets} sockets (${MEMBERS} members × ${TABS} tabs) through the gateway to ${result.replicas} messaging replica(s)`);
  console.log(`  connect: all in ${result.connectAllMs} ms (batches of ${CONNECT_BATCH}); one socket p50 ${result.connectP50} ms, p99 ${result.connectP99} ms`);
  console.log(`  sent ${result.messagesSent} messages, ${SECONDS} s at each rate; refused: ${JSON.stringify(result.failures)}`);
  console.log(`  send-to-receive on the receiver's tabs (aim: p99 ≤ 100 ms at 50 a second on two replicas):`);
  console.table(
    result.curve.map((point) => ({
      'messages/s asked': point.rate,
      'sent/s': point.achieved,
      'p50 ms': point.p50,
      'p99 ms': point.p99,
      'with the unread count': `${point.unreadInMessage.carried} of ${point.unreadInMessage.of}`,
    })),
  );
  console.log(`  p99 passes 1 s at: ${result.saturatesAt === null ? `none of ${RATES.join(', ')} a second` : `${result.saturatesAt} a second`}`);
  console.log(`  deliveries: ${result.received} of ${result.expected} (every tab of both people); lost: ${result.lost} (must be 0)`);
  console.log(`  memory per connection: messaging ${result.kibPerConnection.messaging} KiB (all replicas), gateway ${result.kibPerConnection.gateway} KiB (aim ≤ 40 KiB)`);
}
