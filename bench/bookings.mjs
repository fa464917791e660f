// Bookings through the gateway, on the two bookings replicas the bench system runs: 200 members racing for 20
// slots of one hunter (each slot wanted by 10 at the same moment), then a busy hunter's week of slots under load.
// Everything goes through the real API (a hunter signs in, makes a profile and sets weekly hours; bookings learns
// of them through the hunters events), so the figures include what a visitor's request really costs. Each run makes
// a new hunter and new members, so holds left by an earlier run (15 minutes) cannot skew this one.
import { addDays, AVAILABILITY_SLOTS, DEFAULT_SESSION_TYPES, londonDateOf, WEEKDAYS } from '@hunted/contracts';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { signInThroughProvider } from './sign-in.mjs';

export const RACERS = 200;
export const RACE_SLOTS = 20;
/** Holds taken after the race by members who lost it, so the week read under load is a busy one. */
const FILLER_HOLDS = 40;
/** A 60-minute paid type: 23 starts a day on the 30-minute grid in 12 offered hours. */
const SESSION_TYPE = 'whatsappVideo';
const SIGN_IN_BATCH = 10;
const COPY_TIMEOUT_MS = 30_000;

/** The London date `days` from today, YYYY-MM-DD (never the process's own zone). */
function londonDate(days) {
  return addDays(londonDateOf(Date.now()), days);
}

function percentile(sorted, q) {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
}

const countBy = (values) => values.reduce((counts, value) => ({ ...counts, [value]: (counts[value] ?? 0) + 1 }), {});

async function signInMany(baseUrl, prefix, count) {
  const cookies = [];
  for (let start = 0; start < count; start += SIGN_IN_BATCH) {
    const batch = Array.from({ length: Math.min(SIGN_IN_BATCH, count - start) }, (_, i) =>
      signInThroughProvider(baseUrl, `${prefix}-${start + i}@bench.example`, `Racer${start + i}`),
    );
    cookies.push(...(await Promise.all(batch)));
  }
  return cookies;
}

async function send(baseUrl, method, path, cookie, body) {
  const headers = { cookie };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  try {
    return { status: response.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: response.status, body: { message: text.slice(0, 200) } };
  }
}

/** Starts that do not overlap one another, earliest first, from a slots answer. */
function disjointSlots(days, count) {
  const chosen = [];
  let freeFrom = 0;
  for (const day of days) {
    for (const slot of day.slots) {
      if (chosen.length === count) return chosen;
      if (Date.parse(slot.startsAt) < freeFrom) continue;
      chosen.push({ date: day.date, ...slot });
      freeFrom = Date.parse(slot.endsAt);
    }
  }
  return chosen;
}

/**
 * Vetting and payouts (issue 21): a new profile is pending until an admin approves it, and its paid types take holds
 * only once its payout account is enabled (simulated mode: one click, once bookings' copy says approved). A system
 * without vetting (no admin route: 404) is left as it is.
 */
async function approveAndConnectPayouts(baseUrl, hunterId, cookie) {
  const admin = await signInThroughProvider(baseUrl, process.env.BENCH_ADMIN_EMAIL ?? 'admin@hunted.example', 'Admin');
  const approved = await send(baseUrl, 'POST', `/api/admin/hunters/${hunterId}/approve`, admin, {});
  if (approved.status === 404) return;
  if (approved.status !== 200) throw new Error(`POST /api/admin/hunters/${hunterId}/approve answered ${approved.status}`);
  const deadline = Date.now() + COPY_TIMEOUT_MS;
  for (;;) {
    const onboarding = await send(baseUrl, 'POST', '/api/hunter-payouts/onboarding', cookie);
    if (onboarding.status === 200) break;
    if (Date.now() > deadline) throw new Error(`POST /api/hunter-payouts/onboarding answered ${onboarding.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const enabled = await send(baseUrl, 'POST', '/api/hunter-payouts/simulated/enable', cookie);
  if (enabled.status !== 200) throw new Error(`POST /api/hunter-payouts/simulated/enable answered ${enabled.status}`);
}

/**
 * A new hunter, made and announced as a member would (profile, then every hour of every day offered), once
 * bookings answers its slots. Answers `{ skipped }` with the reason when the bookings endpoints are not there.
 */
async function prepareHunter(baseUrl, runId, week, { label = 'busy', location = 'UK', timeZone = 'Europe/London' } = {}) {
  const cookie = await signInThroughProvider(baseUrl, `bench-${label}-hunter-${runId}@bench.example`, 'Busy');
  const created = await send(baseUrl, 'POST', '/api/hunters', cookie, {
    name: `${label[0].toUpperCase()}${label.slice(1)} Bench Hunter ${runId}`,
    location,
    timeZone,
    specialties: ['Footwear'],
    adviceTypes: ['Wardrobe Audit'],
    languages: ['English'],
    yearsExperience: 9,
    sessionTypes: DEFAULT_SESSION_TYPES,
  });
  if (created.status !== 201) throw new Error(`POST /api/hunters answered ${created.status}: ${JSON.stringify(created.body)}`);
  const hunterId = created.body.id;
  const everyHour = Object.fromEntries(WEEKDAYS.map((day) => [day, [...AVAILABILITY_SLOTS]]));
  const hours = await send(baseUrl, 'PUT', '/api/hunter-availability/weekly', cookie, everyHour);
  if (hours.status !== 200) throw new Error(`PUT /api/hunter-availability/weekly answered ${hours.status}`);
  await approveAndConnectPayouts(baseUrl, hunterId, cookie);

  const slotsPath = `/api/hunters/${hunterId}/slots?from=${week.from}&to=${week.to}&sessionType=${SESSION_TYPE}`;
  const deadline = Date.now() + COPY_TIMEOUT_MS;
  let last;
  // bookings learns of the hunter and its hours from hunters' events: wait until its copies have them.
  while (Date.now() < deadline) {
    last = await send(baseUrl, 'GET', slotsPath, '');
    const offered = last.status === 200 ? last.body.days.reduce((n, day) => n + day.slots.length, 0) : 0;
    if (offered > 0) return { hunterId, cookie, slotsPath, days: last.body.days, offered };
    // No such route at all (the framework's own 404): nothing to wait for.
    if (last.status === 404 && /^Cannot GET/.test(last.body?.message ?? '')) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    skipped:
      `GET /api/hunters/{id}/slots answered ${last?.status} (${last?.body?.message ?? 'no slots'}): ` +
      "bookings' slots are not built on this branch, or its copies of hunters did not arrive",
  };
}

/** Asks for a hold: the body `POST /api/create-payment-intent` takes (amount is a hint; the server prices it). */
function holdRequest(baseUrl, cookie, hunterId, slot) {
  const type = DEFAULT_SESSION_TYPES[SESSION_TYPE];
  return send(baseUrl, 'POST', '/api/create-payment-intent', cookie, {
    amount: type.price * 100,
    hunterId,
    sessionType: SESSION_TYPE,
    sessionDate: slot.date,
    sessionTime: slot.time,
    duration: type.duration,
    // The bench books within 14 days: the express request a person ticks on the book page (decision 0102).
    expressRequest: true,
  });
}

/** Active bookings and holds of any hunter whose times overlap another's of the same hunter: must be none. */
async function overlapsFound(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(`
      select count(*)::int as n
      from bookings.hunter_bookings a
      join bookings.hunter_bookings b
        on a.hunter_id = b.hunter_id and a.id < b.id
       and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
      where a.status in ('pending_payment', 'confirmed') and b.status in ('pending_payment', 'confirmed')`);
    return rows[0].n;
  } finally {
    await db.end();
  }
}

/**
 * The race and the busy week. Answers `{ skipped }` when bookings' endpoints are missing, else the race's figures
 * and the slot reads' rows (autocannon through `load`).
 */
export async function benchBookings({ baseUrl, bookingsUrl, databaseUrl, load, summarise }) {
  const runId = Date.now().toString(36);
  const week = { from: londonDate(7), to: londonDate(13) };
  const hunter = await prepareHunter(baseUrl, runId, week);
  if (hunter.skipped) return hunter;

  const targets = disjointSlots(hunter.days, RACE_SLOTS + FILLER_HOLDS);
  if (targets.length < RACE_SLOTS + FILLER_HOLDS) throw new Error(`only ${targets.length} separate slots in the week`);
  const raceSlots = targets.slice(0, RACE_SLOTS);
  const cookies = await signInMany(baseUrl, `bench-racer-${runId}`, RACERS);

  // The hunter asking for their own time: refused (400) where holds exist, 404 where the route does not.
  const probe = await holdRequest(baseUrl, hunter.cookie, hunter.hunterId, raceSlots[0]);
  if (probe.status === 404) {
    return { skipped: `POST /api/create-payment-intent answered 404 (${probe.body?.message}): bookings' holds are not built on this branch` };
  }

  // Everyone at once, each slot wanted by RACERS / RACE_SLOTS members.
  const latencies = [];
  const started = performance.now();
  const answers = await Promise.all(
    cookies.map(async (cookie, i) => {
      const t0 = performance.now();
      const answer = await holdRequest(baseUrl, cookie, hunter.hunterId, raceSlots[i % RACE_SLOTS]);
      latencies.push(performance.now() - t0);
      return { ...answer, member: i };
    }),
  );
  const elapsedMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const winners = answers.filter((answer) => answer.status >= 200 && answer.status < 300);
  const heldSlots = new Set(winners.map((answer) => answer.member % RACE_SLOTS));
  const refusals = countBy(answers.filter((answer) => answer.status === 409).map((answer) => answer.body?.message));

  // Members who lost take the week's other hours, so the slots read below subtract many holds.
  const winnerIds = new Set(winners.map((answer) => answer.member));
  const losers = cookies.filter((_, i) => !winnerIds.has(i));
  const fillers = await Promise.all(
    targets.slice(RACE_SLOTS).map((slot, i) => holdRequest(baseUrl, losers[i], hunter.hunterId, slot)),
  );
  const overlaps = await overlapsFound(databaseUrl);

  const busy = await send(baseUrl, 'GET', hunter.slotsPath, '');
  const offeredNow = busy.body.days.reduce((n, day) => n + day.slots.length, 0);
  const freeWeek = { from: londonDate(28), to: londonDate(34) };
  const freePath = `/api/hunters/${hunter.hunterId}/slots?from=${freeWeek.from}&to=${freeWeek.to}&sessionType=${SESSION_TYPE}`;
  // Issue 23's row: 14 days of one type, the busy week among them, as a guest and as a member sees them, and the
  // same straight to one bookings replica (the service the gateway fronts).
  const fortnightPath = `/api/hunters/${hunter.hunterId}/slots?from=${londonDate(3)}&to=${londonDate(16)}&sessionType=${SESSION_TYPE}`;
  const rows = [
    summarise(`GET …/slots, the busy week (${RACE_SLOTS + FILLER_HOLDS} holds)`, await load(`${baseUrl}${hunter.slotsPath}`)),
    summarise('GET …/slots, a free week of the same hunter', await load(`${baseUrl}${freePath}`)),
    summarise('GET …/slots, 14 days with the busy week, a guest', await load(`${baseUrl}${fortnightPath}`)),
    summarise('GET …/slots, the same 14 days, signed in', await load(`${baseUrl}${fortnightPath}`, { cookie: hunter.cookie })),
    summarise('GET …/slots, the same 14 days, straight to bookings', await load(`${bookingsUrl}${fortnightPath}`)),
  ];

  // Issue 38: slots on another zone's clock cost no more than London's. Two free hunters, every hour of every day,
  // one in London and one in Madrid, read side by side straight from bookings (the computation, not the gateway).
  const zoneRows = [];
  for (const [label, location, timeZone] of [['london', 'UK', 'Europe/London'], ['madrid', 'Spain', 'Europe/Madrid']]) {
    const zoned = await prepareHunter(baseUrl, runId, week, { label, location, timeZone });
    if (zoned.skipped) return zoned;
    const path = `/api/hunters/${zoned.hunterId}/slots?from=${londonDate(3)}&to=${londonDate(16)}&sessionType=${SESSION_TYPE}`;
    zoneRows.push([timeZone, path]);
  }
  // Rounds in the order A B B A B A (each zone as often first as second), so the machine's drift during the section
  // falls on both; each zone's row is its median round, and the ratio compares the two medians.
  const rounds = new Map(zoneRows.map(([timeZone]) => [timeZone, []]));
  for (const order of [0, 1, 1, 0, 1, 0]) {
    const [timeZone, path] = zoneRows[order];
    rounds.get(timeZone).push(summarise(`GET …/slots, 14 days of a free hunter in ${timeZone}, straight to bookings`, await load(`${bookingsUrl}${path}`)));
  }
  const medianRound = (results) => [...results].sort((a, b) => a.rps - b.rps)[Math.floor(results.length / 2)];
  const zoneMedians = zoneRows.map(([timeZone]) => medianRound(rounds.get(timeZone)));
  rows.push(
    ...zoneMedians.map((row, i) => ({
      ...row,
      note: `median of rounds ${rounds.get(zoneRows[i][0]).map((round) => Math.round(round.rps)).join(' / ')} req/s`,
    })),
  );
  const zoneRatio = zoneMedians[1].rps / zoneMedians[0].rps;

  return {
    hunterId: hunter.hunterId,
    /** Madrid's median req/s over London's: at least about 1 when another zone costs no more. */
    zoneRatio,
    week,
    racers: RACERS,
    raceSlots: RACE_SLOTS,
    elapsedMs: Math.round(elapsedMs),
    holdsPerSecond: Math.round((RACERS / elapsedMs) * 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    statuses: countBy(answers.map((answer) => answer.status)),
    refusals,
    winners: winners.length,
    slotsWon: heldSlots.size,
    fillerStatuses: countBy(fillers.map((answer) => answer.status)),
    overlaps,
    offeredBefore: hunter.offered,
    offeredNow,
    rows,
  };
}
