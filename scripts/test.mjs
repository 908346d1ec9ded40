#!/usr/bin/env node
// `npm test`: every suite CI runs, and how long each took.
//
// The static checks (ESLint, Prettier, the TypeScript checks, promtool) are independent and each uses one
// core, so they run side by side, two at a time on CI's 2 cores, their output printed whole as each ends.
// The suites after them run one at a time: each needs the machine (the unit suite's workers, and the
// production, fault and browser suites' timings under load). The web is built once, by the first suite
// that needs it (buildWebIfStale in scripts/processes.mjs); the others reuse that build.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { root } from './processes.mjs';

const staticChecks = ['lint:code', 'lint:format', 'typecheck', 'test:prometheus'];
const suites = ['test:unit', 'test:production', 'test:faults', 'test:e2e'];
const times = [];

/** Runs `npm run <script>`; its output is passed through, or kept and printed once it ends when `buffered`. */
function npmRun(script, { buffered = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('exit', (code) => {
      const seconds = (Date.now() - started) / 1000;
      times.push([script, seconds, code]);
      if (buffered)
        process.stdout.write(
          `\n── npm run ${script} (${seconds.toFixed(0)} s, exit ${code})\n${Buffer.concat(output)}`,
        );
      resolve(code ?? 1);
    });
  });
}

function summary(total) {
  console.log('\nPhase times:');
  for (const [script, seconds, code] of times) {
    console.log(
      `  ${script.padEnd(16)} ${seconds.toFixed(0).padStart(5)} s${code === 0 ? '' : `  FAILED (exit ${code})`}`,
    );
  }
  console.log(`  ${'total'.padEnd(16)} ${total.toFixed(0).padStart(5)} s`);
}

const started = Date.now();
const queue = [...staticChecks];
const slots = Array.from({ length: Math.max(1, Math.min(2, availableParallelism())) }, async () => {
  let failed = false;
  while (queue.length) if ((await npmRun(queue.shift(), { buffered: true })) !== 0) failed = true;
  return failed;
});
let failed = (await Promise.all(slots)).some(Boolean);
for (const script of suites) {
  if (failed) break;
  failed = (await npmRun(script)) !== 0;
}
summary((Date.now() - started) / 1000);
process.exit(failed ? 1 : 0);
