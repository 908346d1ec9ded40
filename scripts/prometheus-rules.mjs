#!/usr/bin/env node
// Checks deploy/prometheus with promtool (`npm run test:prometheus`, part of `npm test`): the rules
// (check rules), the example configuration as it is installed beside them (check config) and the rules'
// unit tests (test rules). Then what promtool does not check: every alert has a test case where it
// fires and one where it does not, no case names an alert that does not exist (promtool passes it), and
// every runbook_url points at a heading of docs/operations.md.
//
// promtool comes with Debian's prometheus package (`.ci/run` installs it) or from PROMTOOL_PATH.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './processes.mjs';

const dir = join(root, 'deploy/prometheus');
const promtool = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';

if (!existsSync(promtool)) {
  console.error(`promtool was not found at ${promtool}.
Install Debian's Prometheus (sudo apt-get install -y --no-install-recommends prometheus), or set
PROMTOOL_PATH to a promtool binary.`);
  process.exit(1);
}

function promtoolRun(...args) {
  const result = spawnSync(promtool, args, { cwd: root, encoding: 'utf8' });
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  if (result.status !== 0) throw new Error(`promtool ${args.join(' ')} failed (exit ${result.status})`);
}

/** The anchors GitHub gives the headings of a Markdown file (ASCII headings: lower case, spaces to dashes). */
function headingAnchors(markdown) {
  return new Set(
    [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map(([, text]) =>
      text
        .toLowerCase()
        .replace(/[^a-z0-9 -]/g, '')
        .replace(/ /g, '-'),
    ),
  );
}

/** What promtool leaves unchecked; a list of problems, empty when all is well. */
function coverageProblems() {
  const rules = readFileSync(join(dir, 'alerts.yml'), 'utf8');
  const tests = readFileSync(join(dir, 'alerts.test.yml'), 'utf8');
  const alerts = [...rules.matchAll(/^\s*- alert: (\S+)$/gm)].map(([, name]) => name);
  const cases = new Map(alerts.map((name) => [name, { fires: 0, silent: 0 }]));
  const problems = [];
  for (const block of tests.split(/^\s*- eval_time:/m).slice(1)) {
    const name = /^\s*alertname: (\S+)$/m.exec(block)?.[1];
    const found = cases.get(name);
    if (!found) {
      problems.push(`alerts.test.yml tests "${name}", which alerts.yml does not define`);
      continue;
    }
    if (/^\s*exp_alerts: \[\]$/m.test(block)) found.silent += 1;
    else found.fires += 1;
  }
  for (const [name, { fires, silent }] of cases) {
    if (fires === 0) problems.push(`${name}: no test case where it fires`);
    if (silent === 0) problems.push(`${name}: no test case where it does not fire`);
  }
  const anchors = headingAnchors(readFileSync(join(root, 'docs/operations.md'), 'utf8'));
  for (const [, anchor] of rules.matchAll(/runbook_url: docs\/operations\.md#(\S+)/g)) {
    if (!anchors.has(anchor)) problems.push(`runbook_url #${anchor} is no heading of docs/operations.md`);
  }
  const runbooks = [...rules.matchAll(/runbook_url: /g)].length;
  if (runbooks !== alerts.length) problems.push(`${alerts.length} alerts but ${runbooks} runbook_url annotations`);
  return { alerts, problems };
}

// The configuration as installed: beside alerts.yml and a token file (its paths are relative to it).
const installed = mkdtempSync(join(tmpdir(), 'carabala-prometheus-'));
try {
  copyFileSync(join(dir, 'prometheus.yml'), join(installed, 'prometheus.yml'));
  copyFileSync(join(dir, 'alerts.yml'), join(installed, 'alerts.yml'));
  writeFileSync(join(installed, 'carabala-metrics-token'), 'a-token-for-the-check\n', { mode: 0o600 });
  promtoolRun('check', 'rules', 'deploy/prometheus/alerts.yml');
  promtoolRun('check', 'config', join(installed, 'prometheus.yml'));
  promtoolRun('test', 'rules', 'deploy/prometheus/alerts.test.yml');
  const { alerts, problems } = coverageProblems();
  if (problems.length > 0) throw new Error(`deploy/prometheus:\n  ${problems.join('\n  ')}`);
  console.log(`Every one of the ${alerts.length} alerts is tested firing and not firing, with its runbook section.`);
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  rmSync(installed, { recursive: true, force: true });
}
