// `npm run status [-- seconds]`: each app of the running system, from its own metrics (scripts/lib/status.mjs).
import { formatStatus, metricsTargets, systemStatus } from './lib/status.mjs';

const seconds = Number(process.argv[2] ?? 3);
if (!Number.isFinite(seconds) || seconds <= 0) {
  console.error('usage: npm run status [-- <seconds between the two scrapes, default 3>]');
  process.exit(2);
}
const lines = await systemStatus(metricsTargets(), seconds);
console.log(formatStatus(lines));
console.log(`\nreq/s and p99 over the last ${seconds} s; lag: events not yet delivered to a consumer; dead: dead letters; jobs: waiting or delayed.`);
process.exit(lines.some((line) => !line.up) ? 1 : 0);
