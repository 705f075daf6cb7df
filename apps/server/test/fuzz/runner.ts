import fc from 'fast-check';
import { ROUTE_LIST, routes, type RouteDef, type RouteName } from '@ahente/contract/routes';
import { buildShapes, familyOf, NO_VALID_REQUEST, NOT_FUZZED, routeCases, type FuzzCase } from './cases.ts';
import { startWorld, type StatusClass, type World } from './world.ts';

/**
 * One fuzz run on one database (decision 031), shared by the `npm test` suite
 * (src/platform/fuzz.test.ts) and the long run (`npm run fuzz`, run.ts): `runs` cases spread over
 * every route of the table, drawn from `seed`, each sent and checked; every broken promise is
 * returned with the case that broke it.
 */

export type Counts = Record<StatusClass, number>;
const zero = (): Counts => ({ '2xx': 0, '4xx': 0, '5xx': 0, hang: 0, other: 0 });

export interface Violation {
  route: RouteName;
  /** The case's place in its route's sample: with the seed, enough to draw it again. */
  index: number;
  kind: string;
  caller: string;
  request: string;
  problem: string;
}

export interface FuzzReport {
  dialect: string;
  seed: number;
  cases: number;
  ms: number;
  perRoute: Map<RouteName, Counts>;
  perFamily: Map<string, Counts>;
  /** Valid requests sent per route, and how many of them were answered 2xx. */
  valid: Map<RouteName, { sent: number; ok: number }>;
  violations: Violation[];
  /** Routes of ROUTE_LIST the run has no cases for, without a reason in NOT_FUZZED. */
  unfuzzed: string[];
  /** Schema leaves no valid value was found for (the route's valid requests are then invalid). */
  gaps: Map<RouteName, string[]>;
  notes: string[];
  /** The slowest answers (a hang is one past HANG_MS). */
  slowest: { route: RouteName; kind: string; ms: number }[];
}

/** A stable number per text (a route's seed from the run's). */
export function hashOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h | 0;
}

function describe(c: FuzzCase): string {
  const payload = c.payload === undefined ? '' : typeof c.payload === 'string' ? c.payload : c.payload.toString('latin1');
  const shown = payload.length > 300 ? `${payload.slice(0, 300)}… (${payload.length} chars)` : payload;
  return `${c.method} ${c.url.slice(0, 200)} [${c.headers['content-type'] ?? 'no content type'}] ${JSON.stringify(shown)}`;
}

export async function fuzzDatabase(options: {
  runs: number;
  seed: number;
  only?: RouteName[];
  log?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** Run against the world before the cases (the suite's check that the checks see a change). */
  before?: (world: World) => Promise<void>;
}): Promise<FuzzReport> {
  const started = Date.now();
  const world = await startWorld({ log: options.log });
  const unhandled: string[] = [];
  const onUnhandled = (err: unknown) => unhandled.push(String((err as Error)?.stack ?? err));
  process.on('unhandledRejection', onUnhandled);
  try {
    await options.before?.(world);
    const { shapes, gaps } = buildShapes(world.ids, world.codes);
    for (const [name, why] of Object.entries(NO_VALID_REQUEST))
      if (gaps.has(name as RouteName)) gaps.set(name as RouteName, [`${gaps.get(name as RouteName)!.join(', ')} (${why})`]);
    const fuzzed = new Set(shapes.map((s) => s.route));
    const nameOf = new Map(Object.entries(routes).map(([name, r]) => [r as RouteDef, name]));
    const unfuzzed = ROUTE_LIST.filter((r) => !fuzzed.has(r) && !((nameOf.get(r) ?? '') in NOT_FUZZED)).map((r) => `${r.method} ${r.path}`);
    const chosen = options.only ? shapes.filter((s) => options.only!.includes(s.name)) : shapes;
    const report: FuzzReport = {
      dialect: world.dialect,
      seed: options.seed,
      cases: 0,
      ms: 0,
      perRoute: new Map(),
      perFamily: new Map(),
      valid: new Map(),
      violations: [],
      unfuzzed,
      gaps,
      notes: world.notes,
      slowest: [],
    };
    const base = Math.floor(options.runs / chosen.length);
    const extra = options.runs % chosen.length;
    for (const [i, shape] of chosen.entries()) {
      const n = base + (i < extra ? 1 : 0);
      if (n === 0) continue;
      // The first case of each route is a valid request; the others are drawn from every kind.
      const routeSeed = options.seed ^ hashOf(shape.name);
      const cases = [
        ...fc.sample(routeCases(shape, { validOnly: true }), { numRuns: 1, seed: routeSeed }),
        ...(n > 1 ? fc.sample(routeCases(shape), { numRuns: n - 1, seed: routeSeed }) : []),
      ];
      const counts = zero();
      report.perRoute.set(shape.name, counts);
      for (const [index, c] of cases.entries()) {
        const before = unhandled.length;
        const outcome = await world.send(c);
        counts[outcome.statusClass] += 1;
        report.slowest.push({ route: shape.name, kind: c.kind, ms: outcome.ms });
        report.slowest = report.slowest.sort((a, b) => b.ms - a.ms).slice(0, 5);
        const family = familyOf(c.kind);
        if (!report.perFamily.has(family)) report.perFamily.set(family, zero());
        report.perFamily.get(family)![outcome.statusClass] += 1;
        if (c.kind === 'valid') {
          const v = report.valid.get(shape.name) ?? { sent: 0, ok: 0 };
          v.sent += 1;
          if (outcome.statusClass === '2xx') v.ok += 1;
          report.valid.set(shape.name, v);
        }
        const problem =
          outcome.violation ??
          (unhandled.length > before ? `the server process had an unhandled rejection: ${unhandled.at(-1)!.slice(0, 300)}` : undefined);
        if (problem) report.violations.push({ route: shape.name, index, kind: c.kind, caller: c.caller, request: describe(c), problem });
        report.cases += 1;
        options.onProgress?.(report.cases, options.runs);
      }
    }
    report.ms = Date.now() - started;
    return report;
  } finally {
    process.off('unhandledRejection', onUnhandled);
    await world.close();
  }
}

/** The report as a person reads it: status classes per route, per kind of breakage, then every violation. */
export function formatReport(r: FuzzReport): string {
  const lines: string[] = [];
  const row = (label: string, c: Counts) =>
    `${label.padEnd(28)} ${String(c['2xx']).padStart(6)} ${String(c['4xx']).padStart(6)} ${String(c['5xx']).padStart(6)} ${String(c.hang).padStart(6)}${c.other ? `  other ${c.other}` : ''}`;
  const header = (label: string) =>
    `${label.padEnd(28)} ${'2xx'.padStart(6)} ${'4xx'.padStart(6)} ${'5xx'.padStart(6)} ${'hang'.padStart(6)}`;
  const total = zero();
  for (const c of r.perRoute.values()) for (const k of Object.keys(total) as StatusClass[]) total[k] += c[k];
  lines.push(`== ${r.dialect}: ${r.cases} cases, seed ${r.seed}, ${(r.ms / 1000).toFixed(1)} s ==`);
  lines.push(header('route'));
  for (const [name, c] of [...r.perRoute].sort(([a], [b]) => a.localeCompare(b))) lines.push(row(name, c));
  lines.push(row('TOTAL', total));
  lines.push('');
  lines.push(header('route class'));
  const byClass = new Map<string, Counts>();
  for (const [name, c] of r.perRoute) {
    const route: RouteDef = routes[name];
    for (const label of [`${route.access} routes`, `${route.method} routes`, ...(route.multipart ? ['form routes'] : [])]) {
      const sum = byClass.get(label) ?? zero();
      for (const k of Object.keys(sum) as StatusClass[]) sum[k] += c[k];
      byClass.set(label, sum);
    }
  }
  for (const [label, c] of byClass) lines.push(row(label, c));
  lines.push('');
  lines.push(header('kind of case'));
  for (const [name, c] of [...r.perFamily].sort(([a], [b]) => a.localeCompare(b))) lines.push(row(name, c));
  const validSent = [...r.valid.values()].reduce((a, v) => a + v.sent, 0);
  const validOk = [...r.valid.values()].reduce((a, v) => a + v.ok, 0);
  lines.push('');
  lines.push(
    `valid requests: ${validSent} sent, ${validOk} answered 2xx; routes with a valid request answered 2xx: ${[...r.valid.values()].filter((v) => v.ok > 0).length} of ${r.perRoute.size}`,
  );
  for (const [name, g] of r.gaps) lines.push(`no valid value for ${name}: ${g.join(', ')}`);
  const noteCounts = new Map<string, number>();
  for (const n of r.notes) noteCounts.set(n, (noteCounts.get(n) ?? 0) + 1);
  for (const [n, count] of noteCounts) lines.push(`note: ${n}${count > 1 ? ` (${count} times)` : ''}`);
  lines.push(`slowest answers: ${r.slowest.map((s) => `${s.route} ${s.ms} ms (${s.kind.slice(0, 40)})`).join('; ')}`);
  if (r.unfuzzed.length) lines.push(`NOT FUZZED, without a reason: ${r.unfuzzed.join(', ')}`);
  lines.push(`violations: ${r.violations.length}`);
  for (const v of r.violations) lines.push(`  ${v.route} #${v.index} (${v.caller}, ${v.kind}): ${v.problem}\n    ${v.request}`);
  return lines.join('\n');
}
