// `node bench/profile/trace-top.mjs <page>.trace.json [n] [--by file]`: what a Lighthouse run's long tasks (on the
// page's main thread, over 12.5 ms: 50 ms on the mobile profile's 4× slower processor) spent their time on, from the V8 samples a trace holds when the bench ran with
// BENCH_LIGHTHOUSE_TRACES=1. Self time per function, mapped through web/dist's source maps to our source or the
// npm package; `--by file` sums per source file. The run is unthrottled (Lighthouse simulates the 4× slower phone
// afterwards), so read shares, not milliseconds.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';

const args = process.argv.slice(2);
const byAt = args.indexOf('--by');
const by = byAt === -1 ? 'function' : args.splice(byAt, 2)[1];
const [file, limit = '30'] = args;
const trace = JSON.parse(readFileSync(file, 'utf8'));
const events = trace.traceEvents ?? trace;

// The page's main thread: the one that ran the page's own scripts (Lighthouse's blank page and Chromium's own
// pages have renderers too).
const pageCall = events.find((e) => e.name === 'FunctionCall' && /^https?:/.test(e.args?.data?.url ?? ''));
if (!pageCall) throw new Error(`${file} has no script of the page's own`);
const main = `${pageCall.pid}:${pageCall.tid}`;
const longTasks = events
  .filter((e) => e.name === 'RunTask' && e.ph === 'X' && `${e.pid}:${e.tid}` === main && e.dur > 12_500)
  .map((e) => [e.ts, e.ts + e.dur]);
// What the browser itself did in them (style, layout, parsing, compiling), by the trace's own events.
const kinds = new Map();
for (const e of events) {
  if (e.ph !== 'X' || `${e.pid}:${e.tid}` !== main || e.name === 'RunTask' || !e.dur) continue;
  if (!['UpdateLayoutTree', 'Layout', 'ParseHTML', 'ParseAuthorStyleSheet', 'v8.compile', 'v8.compileModule', 'EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'Paint', 'PrePaint', 'Layerize', 'HitTest', 'GCEvent', 'MajorGC', 'MinorGC', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'RunMicrotasks'].includes(e.name)) continue;
  const task = longTasks.find(([from, to]) => e.ts >= from && e.ts < to);
  if (task) kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur);
}
const inLongTask = (ts) => longTasks.some(([from, to]) => ts >= from && ts < to);

// V8's samples: a Profile event, then ProfileChunks with new nodes, sample ids and time deltas.
const nodes = new Map();
const selfById = new Map();
for (const profile of events.filter((e) => e.name === 'Profile' && `${e.pid}:${e.tid}` === main)) {
  let at = profile.args.data.startTime;
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id && e.pid === profile.pid)) {
    const data = chunk.args.data.cpuProfile ?? {};
    for (const node of data.nodes ?? []) nodes.set(node.id, node.callFrame);
    const deltas = chunk.args.data.timeDeltas ?? [];
    (data.samples ?? []).forEach((id, i) => {
      at += deltas[i] ?? 0;
      if (inLongTask(at)) selfById.set(id, (selfById.get(id) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0));
    });
  }
}

const maps = new Map();
function original(frame) {
  const asset = frame.url?.match(/\/assets\/[^?#]+\.js/)?.[0];
  const mapFile = asset && `web/dist${asset}.map`;
  if (!mapFile || !existsSync(mapFile)) return { where: frame.url || '(native)', name: frame.functionName || '(anonymous)' };
  if (!maps.has(mapFile)) maps.set(mapFile, new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))));
  const pos = maps.get(mapFile).originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = (pos.source ?? asset).replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '');
  return { where: by === 'file' ? source : `${source}:${pos.line}`, name: pos.name ?? frame.functionName ?? '?' };
}

const totals = new Map();
let all = 0;
for (const [id, micros] of selfById) {
  const frame = nodes.get(id) ?? {};
  const { where, name } = original(frame);
  const key = by === 'file' ? where : `${frame.functionName || name} ${where}`;
  totals.set(key, (totals.get(key) ?? 0) + micros);
  all += micros;
}
const longMs = longTasks.reduce((sum, [from, to]) => sum + (to - from), 0) / 1000;
console.log(`${longTasks.length} long tasks, ${longMs.toFixed(0)} ms (unthrottled); sampled ${(all / 1000).toFixed(0)} ms`);
console.log('trace events (nested ones count in their parents too):',
  [...kinds].sort((a, b) => b[1] - a[1]).map(([name, micros]) => `${name} ${(micros / 1000).toFixed(0)} ms`).join(', '));
for (const [key, micros] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(limit))) {
  console.log(`${((100 * micros) / all).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(1).padStart(6)} ms  ${key}`);
}
