import { spawn } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartError } from './database.mjs';

const TAIL_LINES = 40;
const COLOURS = [36, 35, 33, 32, 34, 31, 96, 95, 93, 92];
let nextColour = 0;

/** `npm start`'s restart policy, like compose's `restart: unless-stopped`: 1 s, doubling to 30 s. */
export const DEFAULT_RESTART_BACKOFF = { initialMs: 1_000, maxMs: 30_000, resetAfterMs: 30_000 };

/**
 * One child process whose output lines are prefixed with its name (JSON log lines stay intact after the
 * prefix). The last lines are kept so a failure can be explained even when output is off. Once supervised
 * (superviseRestarts), an exit it was not asked for is followed by a restart of the same command, after a
 * backoff, and a line in its output saying what happened.
 */
export class ChildApp {
  #spec;
  #restartPolicy = null;
  #restartTimer = null;
  #nextDelayMs = 0;
  #stopping = false;
  #now;

  /** `now` is the clock a run's length is read on (the system clock; a test's own that it moves instead of waiting). */
  constructor({ name, command, args, cwd, env, output, readyUrl, now = Date.now }) {
    this.#now = now;
    this.name = name;
    this.readyUrl = readyUrl;
    this.tail = [];
    this.exit = null;
    this.restarts = 0;
    const colour = COLOURS[nextColour++ % COLOURS.length];
    const label = name.padEnd(9);
    this.prefix = output?.isTTY ? `\x1b[${colour}m${label}\x1b[0m| ` : `${label}| `;
    this.output = output;
    this.#spec = { command, args, cwd, env };
    this.#spawn();
  }

  /** Starts the process (again): `process`, `exit` and `exited` always describe the current run. */
  #spawn() {
    const { command, args, cwd, env } = this.#spec;
    this.exit = null;
    this.startedAt = this.#now();
    this.process = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const child = this.process;
    this.exited = new Promise((resolve) => {
      child.on('error', (error) => {
        this.exit = { code: null, signal: null, error };
        resolve(this.exit);
      });
      child.on('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve(this.exit);
      });
    });
    for (const stream of [child.stdout, child.stderr]) this.#readLines(stream);
    void this.exited.then(() => this.#afterExit());
  }

  /**
   * From now on an exit this app was not asked for (stop() was not called) restarts it: after
   * `initialMs`, doubling at each exit up to `maxMs`, and back to `initialMs` once a run has lasted `resetAfterMs`.
   * Each restart is announced in the app's output: which app, how it died, when it comes back.
   */
  superviseRestarts(policy = DEFAULT_RESTART_BACKOFF) {
    this.#restartPolicy = { ...DEFAULT_RESTART_BACKOFF, ...policy };
    this.#nextDelayMs = this.#restartPolicy.initialMs;
    if (!this.running) this.#afterExit();
  }

  get supervised() {
    return this.#restartPolicy !== null;
  }

  #afterExit() {
    const policy = this.#restartPolicy;
    if (!policy || this.#stopping || this.running || this.#restartTimer) return;
    const upMs = this.#now() - this.startedAt;
    if (upMs >= policy.resetAfterMs) this.#nextDelayMs = policy.initialMs;
    const delayMs = this.#nextDelayMs;
    this.#nextDelayMs = Math.min(delayMs * 2, policy.maxMs);
    this.restarts += 1;
    const at = clock(new Date(Date.now() + delayMs));
    this.#line(
      `restart: ${this.describeExit()} at ${clock()}, ${seconds(upMs)} after it started; ` +
        `restarting it in ${seconds(delayMs)}, at ${at} (restart ${this.restarts})`,
    );
    this.#restartTimer = setTimeout(() => {
      this.#restartTimer = null;
      if (this.#stopping) return;
      this.#spawn();
      this.#line(`restart: ${this.name} started again (pid ${this.process.pid})`);
      const run = this.process;
      // Only to say so: a run that dies before it is ready is restarted like any other.
      this.waitReady(120_000).then(
        () => this.process === run && this.#line(`restart: ${this.name} is ready again`),
        () => undefined,
      );
    }, delayMs);
  }

  /**
   * Prefixes whole lines a chunk at a time: one write to our output per chunk the child wrote (its logger batches
   * tens of lines per write), not one per line, so `npm start`'s prefixing keeps up with a service under load.
   */
  #readLines(stream) {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop();
      if (lines.length > 0) this.#lines(lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line)));
    });
    stream.on('end', () => {
      if (partial) this.#lines([partial]);
      partial = '';
    });
  }

  #line(line) {
    this.#lines([line]);
  }

  #lines(lines) {
    this.tail.push(...lines.slice(-TAIL_LINES));
    if (this.tail.length > TAIL_LINES) this.tail.splice(0, this.tail.length - TAIL_LINES);
    if (this.output) {
      let text = '';
      for (const line of lines) text += `${this.prefix}${line}\n`;
      this.output.write(text);
    }
  }

  get running() {
    return this.exit === null;
  }

  describeExit() {
    if (!this.exit) return `${this.name} is running`;
    if (this.exit.error) return `${this.name} could not be started: ${this.exit.error.message}`;
    const how = this.exit.signal ? `was killed by ${this.exit.signal}` : `exited with code ${this.exit.code}`;
    return `${this.name} ${how}`;
  }

  /** Polls the readiness URL until it answers 2xx; fails when the process exits first or time runs out. */
  async waitReady(timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    let lastProblem = 'no answer yet';
    while (Date.now() < deadline) {
      if (!this.running || this.#stopping) throw new StartError(`${this.describeExit()} before it was ready.${this.tailText()}`);
      try {
        const response = await fetch(this.readyUrl, { signal: AbortSignal.timeout(2_000) });
        await response.body?.cancel();
        if (response.ok) return;
        lastProblem = `${this.readyUrl} answered ${response.status}`;
      } catch (error) {
        lastProblem = error.cause?.code ?? error.message;
      }
      await sleep(250);
    }
    throw new StartError(`${this.name} was not ready within ${timeoutMs / 1000} s (${lastProblem}).${this.tailText()}`);
  }

  /** SIGTERM, then SIGKILL when it has not gone after the grace period. Cancels a restart that is waiting. */
  async stop(graceMs) {
    this.#stopping = true;
    clearTimeout(this.#restartTimer);
    this.#restartTimer = null;
    if (!this.running) return;
    this.process.kill('SIGTERM');
    const timer = setTimeout(() => this.process.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  /** The app's last lines, when they were not already shown as they came. */
  tailText() {
    return this.output || !this.tail.length ? '' : `\nLast output of ${this.name}:\n  ${this.tail.join('\n  ')}`;
  }
}

function clock(date = new Date()) {
  return date.toTimeString().slice(0, 8);
}

/** A duration as people read it: 0.2 s, 14 s, 12 min. */
function seconds(ms) {
  if (ms < 10_000) return `${Math.round(ms / 100) / 10} s`;
  return ms < 120_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`;
}

/** Fails early, with the app's name, when a port is taken (usually: Hunted is already running). */
export async function ensurePortFree(port, host, name) {
  await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new StartError(
            `Port ${port} (${name}) is already in use: is Hunted already running? Stop it or free the port.`,
          ),
        );
      } else {
        reject(error);
      }
    });
    server.listen({ port, host, exclusive: true }, () => server.close(resolve));
  });
}
