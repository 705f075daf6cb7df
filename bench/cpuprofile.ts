/**
 * Summarises a V8 .cpuprofile (node --cpu-prof): the functions with the most self time, the most
 * inclusive time (counted once per sample however deep the recursion), and self time by package.
 *
 *   npx tsx bench/getdeals.ts --profile /tmp/prof --duration 10   # writes /tmp/prof/app.cpuprofile
 *   npx tsx bench/cpuprofile.ts /tmp/prof/app.cpuprofile [--top 25]
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface Line {
  name: string;
  ms: number;
  percent: number;
}

/** Where a frame comes from: its npm package, our workspace's file, node's internals or V8. */
function origin(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = url.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const m = /\/(apps\/server\/src|packages\/contract\/src|bench)\/(.*)$/.exec(url);
  return m ? `${m[1]}/${m[2]}` : path.basename(url);
}

function frameName(f: CallFrame): string {
  const fn = f.functionName || '(anonymous)';
  if (!f.url) return fn;
  return `${fn} ${origin(f.url)}${f.url.includes('node_modules') || f.url.startsWith('node:') ? '' : `:${f.lineNumber + 1}`}`;
}

export function summarise(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const packages = new Map<string, number>();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id)!;
    total += dt;
    if (node.callFrame.functionName === '(idle)') idle += dt;
    const name = frameName(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + dt);
    const pkg = node.callFrame.url ? origin(node.callFrame.url) : node.callFrame.functionName;
    packages.set(pkg, (packages.get(pkg) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const n = byId.get(at)!;
      const key = frameName(n.callFrame);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
    }
  });
  const busy = total - idle;
  const rank = (m: Map<string, number>, top: number): Line[] =>
    [...m]
      .filter(([name]) => !name.startsWith('(root)') && !name.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms, percent: (100 * ms) / busy }));
  return {
    totalMs: total,
    busyMs: busy,
    self: (top: number) => rank(self, top),
    inclusive: (top: number) => rank(inclusive, top),
    packages: (top: number) => rank(packages, top),
  };
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npx tsx bench/cpuprofile.ts FILE.cpuprofile [--top N]');
  const topAt = process.argv.indexOf('--top');
  const top = topAt > 0 ? Number(process.argv[topAt + 1]) : 25;
  const s = summarise(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile);
  const print = (title: string, lines: Line[]) => {
    console.log(`\n${title}`);
    for (const l of lines) console.log(`${l.percent.toFixed(1).padStart(6)} %  ${l.ms.toFixed(0).padStart(7)} ms  ${l.name}`);
  };
  console.log(`${file}: ${(s.totalMs / 1000).toFixed(1)} s sampled, ${(s.busyMs / 1000).toFixed(1)} s busy (percentages are of busy time)`);
  print('self time by package or file', s.packages(15));
  print('self time by function', s.self(top));
  print('inclusive time by function', s.inclusive(top));
}
