import { deadLetterStreamOf } from '@hunted/contracts';
import type { Redis } from 'ioredis';
import { fieldsToRecord } from './stream-entry.js';

/** Fields the consumer adds when it parks an entry; everything else is the original stream entry. */
export const DEAD_LETTER_FIELDS = ['error', 'sourceStream', 'sourceId', 'deliveries', 'deadAt'] as const;

export interface DeadLetter {
  /** The dead-letter stream (prefixed key) and the entry's id in it. */
  stream: string;
  id: string;
  fields: Record<string, string>;
}

export interface ReplayedDeadLetter {
  id: string;
  sourceStream: string;
  /** The id of the entry added back to the source stream. */
  replayedAs: string;
}

export class DeadLetterError extends Error {}

/** The dead-letter streams under a prefix (one per consuming service), sorted. */
export async function deadLetterStreams(redis: Redis, prefix: string): Promise<string[]> {
  const pattern = `${escapeGlob(prefix)}${escapeGlob(deadLetterStreamOf(''))}*`;
  const found = new Set<string>();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500, 'TYPE', 'stream');
    for (const key of keys) found.add(key);
    cursor = next;
  } while (cursor !== '0');
  return [...found].sort();
}

/**
 * The dead-letter stream meant by what a person typed: a service name (`reviews`), the stream's name
 * (`events:dead-letter:reviews`) or its full key (`hunted:events:dead-letter:reviews`).
 */
export function deadLetterStreamNamed(prefix: string, name: string): string {
  if (name.startsWith(prefix + deadLetterStreamOf(''))) return name;
  if (name.startsWith(deadLetterStreamOf(''))) return prefix + name;
  if (/^[a-z][a-z0-9-]*$/.test(name)) return prefix + deadLetterStreamOf(name);
  throw new DeadLetterError(
    `"${name}" is not a dead-letter stream: give a service name (reviews), events:dead-letter:<service> or ${prefix}events:dead-letter:<service>`,
  );
}

export async function readDeadLetters(redis: Redis, stream: string, id?: string): Promise<DeadLetter[]> {
  const entries = id ? await redis.xrange(stream, id, id) : await redis.xrange(stream, '-', '+');
  return entries.map(([entryId, fields]) => ({ stream, id: entryId, fields: fieldsToRecord(fields) }));
}

/**
 * Adds the original entry back to its source stream and deletes it from the dead letters, in one Lua script so
 * that it is never in both or in neither. Runs only when the dead letter still exists and names that source.
 */
const REPLAY_SCRIPT = `
local entry = redis.call('XRANGE', KEYS[1], ARGV[1], ARGV[1])
if #entry == 0 then return false end
local fields = entry[1][2]
local original = {}
local source = nil
for i = 1, #fields, 2 do
  local name = fields[i]
  if name == 'sourceStream' then source = fields[i + 1] end
  if not ARGV[2]:find('|' .. name .. '|', 1, true) then
    table.insert(original, name)
    table.insert(original, fields[i + 1])
  end
end
if source ~= KEYS[2] then return redis.error_reply('dead letter ' .. ARGV[1] .. ' does not come from ' .. KEYS[2]) end
local added = redis.call('XADD', KEYS[2], '*', unpack(original))
redis.call('XDEL', KEYS[1], ARGV[1])
return added
`;

/**
 * Puts dead letters (all of a stream's, or the one with `id`) back on the stream they came from. Every consumer
 * group reads them as new entries: the group that parked them applies them again, groups that had applied them
 * find them in their inbox and only acknowledge them.
 */
export async function replayDeadLetters(redis: Redis, prefix: string, stream: string, id?: string): Promise<ReplayedDeadLetter[]> {
  const letters = await readDeadLetters(redis, stream, id);
  if (id && letters.length === 0) throw new DeadLetterError(`${stream} has no entry ${id}`);
  const replayed: ReplayedDeadLetter[] = [];
  const metadata = `|${DEAD_LETTER_FIELDS.join('|')}|`;
  for (const letter of letters) {
    const source = letter.fields.sourceStream ?? '';
    // Only back onto an event stream of this deployment, never onto an arbitrary key named in the entry.
    if (!source.startsWith(`${prefix}events:`) || source.startsWith(prefix + deadLetterStreamOf(''))) {
      throw new DeadLetterError(`dead letter ${letter.id} names no event stream under ${prefix} (sourceStream ${JSON.stringify(source)})`);
    }
    const added = (await redis.eval(REPLAY_SCRIPT, 2, stream, source, letter.id, metadata)) as string | null;
    if (added) replayed.push({ id: letter.id, sourceStream: source, replayedAs: added });
  }
  return replayed;
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
