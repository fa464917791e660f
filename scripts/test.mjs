#!/usr/bin/env node
// `npm test` runs this: every check in order (build, lint, unit and component tests, integration tests, journeys),
// each phase timed, and a table of the phases' durations at the end, passed or failed, so a slow or red phase is
// seen at a glance. `.ci/run` adds its own set-up phases to the same table (HUNTED_PHASES_FILE).
// The first failing phase stops the run (later phases would only repeat its failure).
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const PHASES = [
  ['build', 'npm', ['run', 'build']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit and component tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'web']],
  ['integration tests', 'npx', ['vitest', 'run', '--project', 'integration', '--project', 'integration-alone']],
  ['end-to-end journeys', 'npx', ['playwright', 'test']],
];

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const rows = [];
let failed;
const started = Date.now();
for (const [name, command, args] of PHASES) {
  console.log(`\n== ${name}: ${command} ${args.join(' ')}`);
  const phaseStarted = Date.now();
  const code = await run(command, args);
  const row = { name, ms: Date.now() - phaseStarted, result: code === 0 ? 'passed' : `failed (exit ${code})` };
  rows.push(row);
  if (process.env.HUNTED_PHASES_FILE) appendFileSync(process.env.HUNTED_PHASES_FILE, `${row.name}\t${row.ms}\t${row.result}\n`);
  if (code !== 0) {
    failed = name;
    break;
  }
}

// .ci/run prints the whole table (its own phases too) when it has one; on its own, this prints its phases.
if (!process.env.HUNTED_PHASES_FILE) {
  const width = Math.max(...rows.map((row) => row.name.length));
  console.log('\nphase'.padEnd(width + 3) + 'time    result');
  for (const row of rows) console.log(`${row.name.padEnd(width + 2)}${seconds(row.ms).padStart(6)}  ${row.result}`);
  console.log(`${'total'.padEnd(width + 2)}${seconds(Date.now() - started).padStart(6)}`);
}
if (failed) {
  console.error(`\nnpm test failed in: ${failed}`);
  process.exit(1);
}
