/**
 * `node scripts/profile-top.mjs FILE.cpuprofile [N]`: the N functions (default 25) where a
 * `--cpu-prof` profile spent its samples, by self time; INCL=1 adds inclusive time. How the
 * profiles in docs/performance.md were read (bench:pages and bench:load make them).
 */
import fs from 'node:fs';
const [file, n = '25'] = process.argv.slice(2);
const p = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((node) => [node.id, node]));
const dt = new Map();
for (let i = 0; i < p.samples.length; i++) dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
const total = [...dt.values()].reduce((a, b) => a + b, 0);
const key = (n) =>
  `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*node_modules\//, '~/').replace(/^file:\/\/.*?\/(app|api|build|contract|server|scripts)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
const self = new Map();
for (const [id, t] of dt) {
  const k = key(byId.get(id));
  self.set(k, (self.get(k) ?? 0) + t);
}
// inclusive
const parent = new Map();
for (const node of p.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
const incl = new Map();
for (const [id, t] of dt) {
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const k = key(byId.get(cur));
    if (!seen.has(k)) {
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + t);
    }
  }
}
const show = (m, title) => {
  console.log(`\n${title} (total ${(total / 1e6).toFixed(1)} s)`);
  for (const [k, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(n)))
    console.log(`${((100 * t) / total).toFixed(1).padStart(5)}%  ${k}`);
};
show(self, 'self');
if (process.env.INCL) show(incl, 'inclusive');
// Self time by where the code lives: an npm package, Node itself, or this project.
const place = (node) => {
  const url = node.callFrame.url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (!url) return node.callFrame.functionName || '(native)';
  if (url.startsWith('node:')) return 'node:*';
  return /\/(app|api|build|contract|server|scripts)\//.exec(url)?.[1] ?? url;
};
const places = new Map();
for (const [id, t] of dt) {
  const k = place(byId.get(id));
  places.set(k, (places.get(k) ?? 0) + t);
}
show(places, 'self time by package');
