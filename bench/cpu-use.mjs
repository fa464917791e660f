// CPU time each process of the system spent during one load, per request: on two shared cores a throughput ratio
// moves by ±0.2 between runs, while the CPU a request costs each process is steady, so this is what says where a
// request's time goes (Linux only: read from /proc; elsewhere the figures are simply left out).
import { readdirSync, readFileSync } from 'node:fs';

/** Linux's USER_HZ: the unit of /proc's CPU times (100 on every mainstream kernel). */
const TICKS_PER_SECOND = 100;

/** A process's user + system CPU so far in ms, or null once it is gone. */
function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: the fields are counted after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The pids of every process whose command name is `name` (PostgreSQL's backends, Redis). */
function pidsNamed(name) {
  const pids = [];
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return pids;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // Gone while we looked.
    }
  }
  return pids;
}

/**
 * CPU so far of each process measured, by pid, with its group: each app of the system by name (replicas summed),
 * PostgreSQL, Redis, and this process (the load generator, autocannon, runs in it).
 */
function snapshot(apps) {
  const processes = new Map();
  const add = (pid, group) => {
    const ms = cpuMsOf(pid);
    if (ms !== null) processes.set(pid, { group, ms });
  };
  for (const app of apps) if (app.process?.pid) add(app.process.pid, app.name.replace(/-\d+$/, ''));
  for (const pid of pidsNamed('postgres')) add(pid, 'postgres');
  for (const pid of pidsNamed('redis-server')) add(pid, 'redis');
  const own = process.cpuUsage();
  processes.set(process.pid, { group: 'load generator', ms: (own.user + own.system) / 1000 });
  return processes;
}

/**
 * Runs `work` (a load whose autocannon result it resolves to) and answers the result with `cpu`: µs of CPU per
 * request for each group that spent at least a little, busiest first. Counted per process, so one that ends
 * during the load (a PostgreSQL backend of an earlier seeding) takes nothing away; what it spent is lost.
 */
export async function withCpuUse(apps, work) {
  const before = snapshot(apps);
  const result = await work();
  const after = snapshot(apps);
  const requests = result.requests.total || 1;
  const spentByGroup = new Map();
  for (const [pid, { group, ms }] of after) spentByGroup.set(group, (spentByGroup.get(group) ?? 0) + ms - (before.get(pid)?.ms ?? 0));
  const cpu = [];
  for (const [group, spent] of spentByGroup) if (spent >= 10) cpu.push([group, Math.round((spent * 1000) / requests)]);
  cpu.sort((a, b) => b[1] - a[1]);
  return Object.assign(result, { cpu });
}

/** "gateway 180, identity 140, ..." µs per request, and their sum. */
export function describeCpuUse(cpu) {
  const total = cpu.reduce((sum, [, us]) => sum + us, 0);
  return `${cpu.map(([group, us]) => `${group} ${us}`).join(', ')} (sum ${total} µs of CPU per request)`;
}
