import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor } from '@hunted/platform/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { ChildApp } from '../lib/processes.mjs';

const TINY_APP = fileURLToPath(new URL('./fixtures/tiny-app.mjs', import.meta.url));
const BACKOFF = { initialMs: 200, maxMs: 800, resetAfterMs: 3_000 };

/** What `npm start` prints, collected: the app's prefixed lines, restart notices included. */
class Collected extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
  lines(pattern: RegExp): string[] {
    return this.text.split('\n').filter((line) => pattern.test(line));
  }
}

describe('npm start supervising its apps', () => {
  let app: ChildApp | undefined;

  afterEach(async () => {
    await app?.stop(2_000);
    app = undefined;
  });

  async function startTiny(): Promise<{ app: ChildApp; output: Collected; base: string }> {
    const port = await freePort();
    const output = new Collected();
    const base = `http://127.0.0.1:${port}`;
    const child = new ChildApp({
      name: 'tiny',
      command: process.execPath,
      args: [TINY_APP],
      cwd: path.dirname(TINY_APP),
      env: { ...process.env, PORT: String(port) },
      output,
      readyUrl: `${base}/ready`,
    });
    app = child;
    await child.waitReady(10_000);
    child.superviseRestarts(BACKOFF);
    return { app: child, output, base };
  }

  /** The pid answering on the app's port, once a new process (not `previous`) answers there. */
  async function answeredByNewProcess(base: string, previous: number): Promise<number> {
    let pid = previous;
    await waitFor('the app to answer again from a new process', async () => {
      try {
        pid = Number(await (await fetch(`${base}/ready`)).text());
        return pid !== previous;
      } catch {
        return false;
      }
    });
    return pid;
  }

  it('restarts an app that is SIGKILLed or exits by itself, with a growing delay and a line saying so', async () => {
    const { app: child, output, base } = await startTiny();
    const first = child.process.pid!;

    child.process.kill('SIGKILL');
    const second = await answeredByNewProcess(base, first);
    expect(child.restarts).toBe(1);
    expect(output.lines(/restart: tiny was killed by SIGKILL at \d\d:\d\d:\d\d, [\d.]+ s after it started; restarting it in 0\.2 s, at \d\d:\d\d:\d\d \(restart 1\)/)).toHaveLength(1);
    expect(output.lines(new RegExp(`restart: tiny started again \\(pid ${second}\\)`))).toHaveLength(1);
    await waitFor('the ready-again line', () => output.lines(/restart: tiny is ready again/).length === 1);

    const diedAt = Date.now();
    await fetch(`${base}/exit`);
    const third = await answeredByNewProcess(base, second);
    // The second quick death waits twice as long.
    expect(Date.now() - diedAt).toBeGreaterThanOrEqual(400);
    expect(output.lines(/restart: tiny exited with code 3 at .*restarting it in 0\.4 s, .*\(restart 2\)/)).toHaveLength(1);
    // Every line is the app's, under its prefix.
    expect(output.lines(/restart:/).every((line) => line.startsWith('tiny     | restart: '))).toBe(true);

    // After a run longer than resetAfterMs the delay starts over.
    await new Promise((resolve) => setTimeout(resolve, BACKOFF.resetAfterMs + 200));
    child.process.kill('SIGKILL');
    await answeredByNewProcess(base, third);
    expect(output.lines(/restart: tiny was killed by SIGKILL .*restarting it in 0\.2 s, .*\(restart 3\)/)).toHaveLength(1);
  });

  it('restarts nothing once stopping: stop() during the backoff cancels the restart and returns at once', async () => {
    const { app: child, output } = await startTiny();
    child.process.kill('SIGKILL');
    await waitFor('the restart notice', () => output.lines(/restart: tiny was killed/).length === 1);

    const stoppingAt = Date.now();
    await child.stop(2_000);
    expect(Date.now() - stoppingAt).toBeLessThan(100);
    await new Promise((resolve) => setTimeout(resolve, BACKOFF.initialMs * 3));
    expect(child.running).toBe(false);
    expect(output.lines(/started again/)).toEqual([]);
  });

  it('does not restart an app it stopped itself', async () => {
    const { app: child, output } = await startTiny();
    await child.stop(2_000);
    expect(child.exit).toEqual({ code: 0, signal: null });
    await new Promise((resolve) => setTimeout(resolve, BACKOFF.initialMs * 3));
    expect(child.running).toBe(false);
    expect(output.lines(/restart:/)).toEqual([]);
  });
});
