/**
 * Preloaded into a process (NODE_OPTIONS=--import=<this file>) by BENCH_API_PROFILE: records a CPU
 * profile from start to exit and writes it to $BENCH_API_PROFILE/<pid>.cpuprofile, for Chrome's DevTools
 * or `node bench/profile-top.mjs`. (`--cpu-prof` itself is not allowed in NODE_OPTIONS.)
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const folder = process.env.BENCH_API_PROFILE;
if (folder) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  // The main thread's session answers synchronously, so the profile is written before the process ends.
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(join(folder, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
