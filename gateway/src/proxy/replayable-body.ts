import { PassThrough, type Readable } from 'node:stream';

/**
 * A request body that can be sent again from its first byte until it has reached a service's connection. A
 * replica that refuses the connection never received a byte, so the request (a POST included) can go to the next
 * replica; but the proxy has already read what had arrived of the body by then. This keeps those bytes until the
 * connection to a replica is made (`forget`), and each `stream()` gives what was read so far followed by the rest
 * as it arrives. What is kept is bounded by the route's body limit, which the gateway checks before proxying.
 */
export class ReplayableBody {
  private readonly kept: Buffer[] = [];
  private keeping = true;
  private ended = false;
  private current: PassThrough | null = null;

  constructor(private readonly source: Readable) {
    source.on('data', (chunk: Buffer) => {
      if (this.keeping) this.kept.push(chunk);
      const target = this.current;
      if (target && !target.write(chunk)) {
        // Backpressure from the attempt being sent: hold the client's body until it drains.
        source.pause();
        target.once('drain', () => {
          if (this.current === target) source.resume();
        });
      }
    });
    source.on('end', () => {
      this.ended = true;
      this.current?.end();
    });
  }

  /** Whether `stream()` can still give the whole body (false once it has gone to a service's connection). */
  get replayable(): boolean {
    return this.keeping;
  }

  /** The body from its first byte, for a new attempt; the previous attempt's stream gets nothing more. */
  stream(): Readable {
    if (!this.keeping) throw new Error('the body has already been sent to a service and was not kept');
    const stream = new PassThrough();
    for (const chunk of this.kept) stream.write(chunk);
    if (this.ended) stream.end();
    this.current = stream;
    // An earlier attempt may have paused the client's body waiting for a drain that will never come.
    if (!this.ended) this.source.resume();
    return stream;
  }

  /** The body is on its way to a service's connection: it will not be sent again, so nothing more is kept. */
  forget(): void {
    this.keeping = false;
    this.kept.length = 0;
  }
}
