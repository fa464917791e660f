#!/usr/bin/env node
// Dead letters of the event bus: list them, put them back on their stream. Uses the built platform code
// (npm run build) and the same REDIS_URL / REDIS_PREFIX as the services.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const USAGE = `usage:
  npm run events -- dead-letters [service]       list dead letters (every service's, or one's)
  npm run events -- replay <stream> [id]         put one dead letter, or all of a stream's, back on its source stream
                                                 <stream>: reviews | events:dead-letter:reviews | <prefix>events:dead-letter:reviews
environment: REDIS_URL (default redis://127.0.0.1:6379), REDIS_PREFIX (default hunted:)`;

const built = fileURLToPath(new URL('../libs/platform/dist/index.js', import.meta.url));
if (!existsSync(built)) {
  console.error('libs/platform is not built: run `npm run build` first.');
  process.exit(1);
}
const { deadLetterStreamNamed, deadLetterStreams, DeadLetterError, readDeadLetters, replayDeadLetters } = await import('@hunted/platform');
const { Redis } = await import('ioredis');

const [command, ...args] = process.argv.slice(2);
if (!command || command === 'help' || command === '--help' || command === '-h') {
  console.log(USAGE);
  process.exit(command ? 0 : 1);
}

const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const prefix = process.env.REDIS_PREFIX ?? 'hunted:';
const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, retryStrategy: () => null, lazyConnect: true });
redis.on('error', () => undefined);

/** One line per dead letter; the payload (which can hold a user's email) is left out. */
function describe(letter) {
  const f = letter.fields;
  return `  ${letter.id}  ${f.deadAt ?? '?'}  ${f.type ?? '?'}  event ${f.id ?? '?'}  from ${f.sourceStream ?? '?'} ${f.sourceId ?? ''}  after ${f.deliveries ?? '?'} deliveries\n      ${f.error ?? ''}`;
}

try {
  await redis.connect().catch((error) => {
    throw new DeadLetterError(`cannot reach Redis at ${redisUrl}: ${error.message}`);
  });
  if (command === 'dead-letters') {
    if (args.length > 1) throw new DeadLetterError(USAGE);
    const streams = args[0] ? [deadLetterStreamNamed(prefix, args[0])] : await deadLetterStreams(redis, prefix);
    let total = 0;
    for (const stream of streams) {
      const letters = await readDeadLetters(redis, stream);
      total += letters.length;
      console.log(`${stream}: ${letters.length} dead letter(s)`);
      for (const letter of letters) console.log(describe(letter));
    }
    if (streams.length === 0) console.log(`no dead-letter streams under ${prefix}`);
    else console.log(`${total} dead letter(s) in ${streams.length} stream(s)`);
  } else if (command === 'replay') {
    if (args.length < 1 || args.length > 2) throw new DeadLetterError(USAGE);
    const stream = deadLetterStreamNamed(prefix, args[0]);
    const replayed = await replayDeadLetters(redis, prefix, stream, args[1]);
    for (const each of replayed) console.log(`replayed ${each.id} onto ${each.sourceStream} as ${each.replayedAs}`);
    console.log(`${replayed.length} dead letter(s) replayed from ${stream}`);
  } else {
    throw new DeadLetterError(`unknown command "${command}"\n${USAGE}`);
  }
  await redis.quit();
} catch (error) {
  redis.disconnect();
  console.error(error instanceof DeadLetterError ? error.message : error);
  process.exit(1);
}
