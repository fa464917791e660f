import { PassThrough, type Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ReplayableBody } from './replayable-body.js';

async function read(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ReplayableBody', () => {
  it('gives a new attempt the whole body: what was read for the failed one, then the rest as it arrives', async () => {
    const client = new PassThrough();
    const body = new ReplayableBody(client);
    const first = body.stream();
    client.write('{"id":');
    await tick();
    // The first attempt's connection was refused: the next one starts from the first byte.
    first.destroy();
    const second = body.stream();
    client.write('"evt_1"');
    client.end('}');
    expect(await read(second)).toBe('{"id":"evt_1"}');
  });

  it('replays a body that had already ended', async () => {
    const client = new PassThrough();
    const body = new ReplayableBody(client);
    body.stream().resume();
    client.end('{"a":1}');
    await tick();
    expect(await read(body.stream())).toBe('{"a":1}');
  });

  it('keeps nothing once the body has gone to a connection', async () => {
    const client = new PassThrough();
    const body = new ReplayableBody(client);
    const sent = read(body.stream());
    client.write('abc');
    await tick();
    body.forget();
    client.end('def');
    expect(await sent).toBe('abcdef');
    expect(body.replayable).toBe(false);
    expect(() => body.stream()).toThrow(/not kept/);
  });
});
