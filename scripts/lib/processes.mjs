import { spawn } from 'node:child_process';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartError } from './database.mjs';

const TAIL_LINES = 40;
const COLOURS = [36, 35, 33, 32, 34, 31, 96, 95, 93, 92];
let nextColour = 0;

/**
 * One child process whose output lines are prefixed with its name (JSON log lines stay intact after the
 * prefix). The last lines are kept so a failure can be explained even when output is off.
 */
export class ChildApp {
  constructor({ name, command, args, cwd, env, output, readyUrl }) {
    this.name = name;
    this.readyUrl = readyUrl;
    this.tail = [];
    this.exit = null;
    const colour = COLOURS[nextColour++ % COLOURS.length];
    const label = name.padEnd(9);
    this.prefix = output?.isTTY ? `\x1b[${colour}m${label}\x1b[0m| ` : `${label}| `;
    this.output = output;
    this.process = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.exited = new Promise((resolve) => {
      this.process.on('error', (error) => {
        this.exit = { code: null, signal: null, error };
        resolve(this.exit);
      });
      this.process.on('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve(this.exit);
      });
    });
    for (const stream of [this.process.stdout, this.process.stderr]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => this.#line(line));
    }
  }

  #line(line) {
    this.tail.push(line);
    if (this.tail.length > TAIL_LINES) this.tail.shift();
    this.output?.write(`${this.prefix}${line}\n`);
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
      if (!this.running) throw new StartError(`${this.describeExit()} before it was ready.${this.tailText()}`);
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

  /** SIGTERM, then SIGKILL when it has not gone after the grace period. */
  async stop(graceMs) {
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
