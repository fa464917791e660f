#!/usr/bin/env node
// `npm start` runs this after building: the whole of Hunted on this machine, against PostgreSQL and Redis on
// localhost (DATABASE_URL, REDIS_URL override). Ctrl-C stops everything. See docs/running.md.
import { readFileSync } from 'node:fs';
import { StartError } from './lib/database.mjs';
import { startHunted } from './lib/hunted.mjs';

function failWith(headline) {
  return (error) => {
    console.error(`\n${headline}: ${error instanceof StartError ? error.message : error.stack}`);
    process.exit(1);
  };
}

// package.json's `engines` is the Node LTS Hunted runs on; npm scripts get it from the `node` devDependency
// (node_modules/.bin comes first on their PATH), so only a start outside npm on an older Node stops here.
const wanted = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node.replace(/^>=\s*/, '');
const [wantedMajor, wantedMinor = 0] = wanted.split('.').map(Number);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < wantedMajor || (major === wantedMajor && minor < wantedMinor)) {
  console.error(`Hunted needs Node.js ${wanted} or later; this is ${process.versions.node}. Run it with \`npm install && npm start\` (npm scripts use the project's own Node from node_modules), or install Node ${wantedMajor} LTS.`);
  process.exit(1);
}

let hunted;
let interrupted = false;
const shutdown = (signal) => {
  if (interrupted) return;
  interrupted = true;
  console.log(`\n${signal} received, stopping Hunted...`);
  // Before start-up finished there is no handle yet; exiting kills the apps started so far (see startHunted).
  if (!hunted) process.exit(130);
  void hunted.stop().then(() => {
    console.log('Hunted stopped.');
    process.exit(0);
  });
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

try {
  hunted = await startHunted();
} catch (error) {
  failWith('Hunted did not start')(error);
}
if (!interrupted) {
  const metrics = hunted.metrics.map(({ name, url }) => `  ${name.padEnd(12)} ${url}`).join('\n');
  console.log(`\nMetrics (Prometheus, internal ports):\n${metrics}\n\nHunted is running at ${hunted.url}\n`);
}
await hunted.done.catch(failWith('Hunted stopped'));
