import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor } from '@hunted/platform/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  /** How far the apps' clock of run lengths is ahead of the system clock: a test moves it instead of waiting. */
  let clockAheadMs = 0;

  afterEach(async () => {
    vi.useRealTimers();
    await app?.stop(2_000);
    app = undefined;
    clockAheadMs = 0;
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
      now: () => Date.now() + clockAheadMs,
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

    // After a run longer than resetAfterMs the delay starts over: the run's clock moved past it, not waited out.
    clockAheadMs += BACKOFF.resetAfterMs;
    child.process.kill('SIGKILL');
    await answeredByNewProcess(base, third);
    expect(output.lines(/restart: tiny was killed by SIGKILL .*restarting it in 0\.2 s, .*\(restart 3\)/)).toHaveLength(1);
  });

  // The restart's timer (and stop()'s grace timer) on a clock the test moves: had a restart been left waiting, moving
  // the clock past every backoff runs it at once, and stop() cannot wait out any timer, since none fires by itself.
  it('restarts nothing once stopping: stop() during the backoff cancels the restart and returns at once', async () => {
    const { app: child, output } = await startTiny();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    child.process.kill('SIGKILL');
    // The supervisor hears the exit first (its handler was there before this wait): the restart is planned by now.
    await child.exited;
    expect(output.lines(/restart: tiny was killed/)).toHaveLength(1);

    await child.stop(2_000);
    vi.advanceTimersByTime(BACKOFF.maxMs * 10);
    expect(child.running).toBe(false);
    expect(output.lines(/started again/)).toEqual([]);
  });

  it('does not restart an app it stopped itself', async () => {
    const { app: child, output } = await startTiny();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await child.stop(2_000);
    expect(child.exit).toEqual({ code: 0, signal: null });
    vi.advanceTimersByTime(BACKOFF.maxMs * 10);
    expect(child.running).toBe(false);
    expect(output.lines(/restart:/)).toEqual([]);
  });
});
