/**
 * The functions, files and packages a CPU profile (.cpuprofile: bench/cpu-profile.mjs, node --cpu-prof)
 * spent its samples in, by self time: `node bench/profile-top.mjs <file> [how many]`.
 */
import { readFileSync } from 'node:fs';
import { printTable } from './lib.mjs';

const [file, top = '25'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
for (let i = 0; i < profile.samples.length; i += 1) {
  const dt = profile.timeDeltas[i] ?? 0;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
}
const total = [...self.values()].reduce((sum, us) => sum + us, 0);
const idle = [...self]
  .filter(([id]) => byId.get(id).callFrame.functionName === '(idle)')
  .reduce((s, [, us]) => s + us, 0);
const group = (key) => {
  const sums = new Map();
  for (const [id, us] of self) {
    const name = key(byId.get(id).callFrame);
    sums.set(name, (sums.get(name) ?? 0) + us);
  }
  return [...sums]
    .filter(([name]) => name !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(top))
    .map(([name, us]) => ({ name, ms: Math.round(us / 1000), '% of busy': +((100 * us) / (total - idle)).toFixed(1) }));
};
const where = ({ url }) =>
  /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
  (url.replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/') || '(native)');
console.log(`${file}: ${Math.round(total / 1000)} ms sampled, ${Math.round((total - idle) / 1000)} ms busy`);
printTable(
  'By package or file (self time)',
  group((frame) => (frame.functionName === '(idle)' ? '(idle)' : where(frame))),
);
printTable(
  'By function (self time)',
  group((frame) =>
    frame.functionName === '(idle)'
      ? '(idle)'
      : `${frame.functionName || '(anonymous)'} ${where(frame)}:${frame.lineNumber + 1}`,
  ),
);
