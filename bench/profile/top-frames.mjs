// `node bench/profile/top-frames.mjs file.cpuprofile [n]`: the functions that took the most CPU time themselves
// (self time), and the share of the busy (not idle) time each took, grouped by function and where it is defined.
import { readFileSync } from 'node:fs';

const [file, limit = '25'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const selfByNode = new Map();
const deltas = profile.timeDeltas ?? [];
profile.samples.forEach((id, i) => selfByNode.set(id, (selfByNode.get(id) ?? 0) + (deltas[i] ?? 0)));
const total = [...selfByNode.values()].reduce((a, b) => a + b, 0);
const byFrame = new Map();
for (const node of profile.nodes) {
  const time = selfByNode.get(node.id) ?? 0;
  if (!time) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^file:\/\//, '').replace(/^.*node_modules\//, '').replace(/^.*\/(gateway|services|libs)\//, '$1/')}:${lineNumber + 1}` : '';
  const key = `${functionName || '(anonymous)'} ${where}`.trim();
  byFrame.set(key, (byFrame.get(key) ?? 0) + time);
}
const idle = [...byFrame].filter(([key]) => key.startsWith('(idle)')).reduce((a, [, t]) => a + t, 0);
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${((100 * idle) / total).toFixed(0)} % idle`);
for (const [key, time] of [...byFrame].filter(([frame]) => !frame.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, Number(limit))) {
  console.log(`${((100 * time) / (total - idle)).toFixed(1).padStart(5)} %  ${key}`);
}
