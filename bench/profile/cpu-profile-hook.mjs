// Preloaded into the apps by `npm run bench` when BENCH_CPU_PROFILE names apps (`gateway,brands`): profiles the
// whole run with the in-process inspector and writes `<app>-<pid>.cpuprofile` into BENCH_CPU_PROFILE_DIR when the
// app is told to stop. `--cpu-prof` cannot be used: Nest re-raises SIGTERM after closing, and a process that dies
// of a signal never writes its profile. Open the files in Chrome DevTools (Performance) or speedscope.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const wanted = (process.env.BENCH_CPU_PROFILE ?? '').split(',').filter(Boolean);
const main = process.argv[1] ?? '';
const app = wanted.find((name) => main.includes(`/${name}/dist/`));
if (app) {
  const session = new Session();
  session.connect();
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.enable');
  session.post('Profiler.start');
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    // The in-process session answers synchronously, so the file is written before the app goes on to stop.
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      const dir = process.env.BENCH_CPU_PROFILE_DIR ?? '.';
      writeFileSync(path.join(dir, `${app}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  for (const signal of ['SIGTERM', 'SIGINT']) process.prependListener(signal, write);
  process.once('exit', write);
}
