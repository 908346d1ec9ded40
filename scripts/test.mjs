#!/usr/bin/env node
// `npm test`: every suite CI runs, and how long each took.
//
// Two lanes run side by side on CI's 2 cores (docs/decisions/054-ci-time.md, 064):
// - the browser lane: the web app built once, then the browser tests, which serve that build;
// - the checks lane: ESLint, Prettier and promtool while the web builds, the TypeScript checks once it
//   is built (they read the route types the build writes; the build checks no types of its own), the unit
//   suite, then the fault suite, which serves a copy of the build of its own (privateWebCopy: Next keeps
//   the pages it renders beside the build, so two suites must not serve the same folder) and runs
//   PostgreSQL and Redis of its own.
// CI's run is CPU-bound from end to end, so the lanes are balanced to end together. Then the production
// smoke suite runs alone, on its own copy of the build: it uses the shared Redis (its channels of domain
// events are shared by every process, the unit suite's too), and beside the browser tests once, on CI's CPU
// budget, a claim met an API process that had not yet seen the game come back (decision 064).
// Each phase's output is kept and printed whole when it ends; once one fails no suite starts (the static
// checks still run).
import { spawn } from 'node:child_process';
import { buildWebIfStale, root } from './processes.mjs';

const started = Date.now();
const since = () => (Date.now() - started) / 1000;
/** [name, started at (s), seconds, exit code]; a phase not run has no start. */
const times = [];
let failed = false;

/**
 * Runs `npm run <script>`, its output printed once it ends. A suite is not started once a phase has
 * failed; a static check (`check`) is, since each is quick and tells its own findings.
 */
function npmRun(script, { check = false } = {}) {
  if (failed && !check) {
    times.push([script]);
    return Promise.resolve();
  }
  const from = since();
  console.log(`▶ npm run ${script} (at ${from.toFixed(0)} s)`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const ended = (code, error) => {
      const seconds = since() - from;
      times.push([script, from, seconds, code]);
      if (code !== 0) failed = true;
      process.stdout.write(
        `\n── npm run ${script} (${seconds.toFixed(0)} s, exit ${code})\n${Buffer.concat(output)}${error ? `${error.message}\n` : ''}`,
      );
      resolve();
    };
    child.on('error', (error) => ended(1, error));
    // 'close', not 'exit': the output is read to its end.
    child.on('close', (code) => ended(code ?? 1));
  });
}

/** The web app built when its sources changed (its output printed as it builds), timed as a phase. */
async function buildWeb() {
  const from = since();
  console.log(`▶ build:web (at ${from.toFixed(0)} s)`);
  let code = 0;
  await buildWebIfStale().catch((error) => {
    console.error(error.message);
    code = 1;
  });
  times.push(['build:web', from, since() - from, code]);
  if (code !== 0) failed = true;
}

function summary() {
  console.log('\nPhase times (from: seconds after the start; the two lanes overlap):');
  const byStart = [...times].sort(([, a = Infinity], [, b = Infinity]) => a - b);
  for (const [name, from, seconds, code] of byStart) {
    const line =
      from === undefined
        ? 'not run'
        : `${seconds.toFixed(0).padStart(5)} s  from ${from.toFixed(0).padStart(4)} s${code === 0 ? '' : `  FAILED (exit ${code})`}`;
    console.log(`  ${name.padEnd(16)} ${line}`);
  }
  console.log(`  ${'total'.padEnd(16)} ${since().toFixed(0).padStart(5)} s`);
}

const web = buildWeb();
const checks = (async () => {
  for (const script of ['lint:code', 'lint:format', 'test:prometheus']) await npmRun(script, { check: true });
  await web;
  await npmRun('typecheck', { check: true });
  await npmRun('test:unit');
  await npmRun('test:faults');
})();
const browser = (async () => {
  await web;
  await npmRun('test:e2e');
})();
await Promise.all([checks, browser]);
await npmRun('test:production');
summary();
process.exit(failed ? 1 : 0);
