// `node bench/profile/top-frames.mjs file.cpuprofile [n] [--last SECONDS] [--by package]`: the functions that took
// the most CPU time themselves (self time), and the share of the busy (not idle) time each took, grouped by
// function and where it is defined. `--last 5` counts only the profile's final 5 seconds (the load of the last
// bench row, without the start-up's module loading); `--by package` sums by npm package (or our own folder).
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args.splice(at, 2)[1];
};
const lastSeconds = Number(option('--last') ?? 0);
const by = option('--by') ?? 'function';
const [file, limit = '25'] = args;
const profile = JSON.parse(readFileSync(file, 'utf8'));
const selfByNode = new Map();
const deltas = profile.timeDeltas ?? [];
const ends = [];
deltas.reduce((at, delta, i) => (ends[i] = at + delta), 0);
const from = lastSeconds > 0 ? (ends.at(-1) ?? 0) - lastSeconds * 1e6 : -Infinity;
profile.samples.forEach((id, i) => {
  if (ends[i] >= from) selfByNode.set(id, (selfByNode.get(id) ?? 0) + (deltas[i] ?? 0));
});
const total = [...selfByNode.values()].reduce((a, b) => a + b, 0);

function packageOf(url) {
  if (!url) return '(native)';
  const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1];
  const ours = url.match(/\/(gateway|services\/[^/]+|libs\/[^/]+)\//);
  if (ours) return ours[1];
  return url.startsWith('node:') ? 'node' : url;
}

const byFrame = new Map();
for (const node of profile.nodes) {
  const time = selfByNode.get(node.id) ?? 0;
  if (!time) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  let key;
  if (functionName === '(idle)') key = '(idle)';
  else if (by === 'package') key = functionName.startsWith('(') && !url ? functionName : packageOf(url);
  else {
    const where = url ? `${url.replace(/^file:\/\//, '').replace(/^.*node_modules\//, '').replace(/^.*\/(gateway|services|libs)\//, '$1/')}:${lineNumber + 1}` : '';
    key = `${functionName || '(anonymous)'} ${where}`.trim();
  }
  byFrame.set(key, (byFrame.get(key) ?? 0) + time);
}
const idle = byFrame.get('(idle)') ?? 0;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${((100 * idle) / total).toFixed(0)} % idle`);
for (const [key, time] of [...byFrame].filter(([frame]) => frame !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, Number(limit))) {
  console.log(`${((100 * time) / (total - idle)).toFixed(1).padStart(5)} %  ${key}`);
}
