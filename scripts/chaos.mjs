/* global AbortController */
// `npm run chaos`: kill -9 relays and consumers while events flow, then check that every event took effect
// exactly once and nothing is left pending (libs/platform/src/testing/chaos). Exits 1 when a figure fails.
import { parseArgs } from 'node:util';
import { chaosDefaults, formatChaos, runChaos } from '@hunted/platform/testing';

const usage = 'usage: npm run chaos [-- --events 10000 --kills 24 --seconds 80 --seed <n>]';
let values;
try {
  ({ values } = parseArgs({
    options: { events: { type: 'string' }, kills: { type: 'string' }, seconds: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean' } },
  }));
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}

function wholeNumber(name, min) {
  const text = values[name];
  if (text === undefined) return undefined;
  const number = Number(text);
  if (!Number.isInteger(number) || number < min) {
    console.error(`--${name} must be a whole number >= ${min}, not ${JSON.stringify(text)}\n${usage}`);
    process.exit(2);
  }
  return number;
}

const overrides = { log: (line) => console.log(line) };
const events = wholeNumber('events', 1);
const kills = wholeNumber('kills', 2);
const seconds = wholeNumber('seconds', 1);
const seed = wholeNumber('seed', 0);
if (events !== undefined) overrides.events = events;
if (kills !== undefined) overrides.kills = kills;
if (seconds !== undefined) overrides.productionMs = seconds * 1000;
if (seed !== undefined) overrides.seed = seed;

// Ctrl-C still stops the workers and drops the run's schemas and keys.
const interrupted = new AbortController();
process.once('SIGINT', () => interrupted.abort());
process.once('SIGTERM', () => interrupted.abort());

let ok = false;
try {
  const result = await runChaos(chaosDefaults({ ...overrides, signal: interrupted.signal }));
  console.log(formatChaos(result));
  ok = result.ok;
} catch (error) {
  console.error(`chaos: ${error.message}`);
}
// The workers are gone by now; exiting here means nothing left open can hold the command up.
process.exit(ok ? 0 : 1);
