/**
 * Reads a Chromium performance trace (Playwright's `browser.startTracing`, category
 * devtools.timeline) of one page load and says what the page's main thread did: each task of more
 * than 40 ms, split into what ran in it (a module's evaluation, a script's function calls, style,
 * layout, paint), and the main thread's busy time before the largest contentful paint by kind. The
 * times are the throttled phone's (CPU slowdown included); their split, not their sum, is what
 * compares across machines. Used by `bench/phone.ts --trace` (decision 014).
 *
 *   npx tsx bench/trace-summary.ts trace.json
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string; isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

/** What a top-level piece of a task was: a script's file, or the browser's own kind of work. */
function kindOf(event: TraceEvent): string {
  const file =
    (event.args?.data?.url ?? '')
      .split('/')
      .pop()
      ?.replace(/-[\w-]{8}\.js$/, '.js') ?? '';
  switch (event.name) {
    case 'v8.evaluateModule':
    case 'EvaluateScript':
      return `evaluate ${file || 'module'}`;
    case 'FunctionCall':
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'EventDispatch':
    case 'V8.Execute':
      return `run ${file || 'script'}`;
    case 'UpdateLayoutTree':
    case 'ParseAuthorStyleSheet':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
    case 'Commit':
    case 'PaintImage':
      return 'paint';
    case 'ParseHTML':
      return 'parse HTML';
    case 'v8.compile':
    case 'v8.compileModule':
      return `compile ${file || 'script'}`;
    default:
      return 'other';
  }
}

export interface TraceSummary {
  lcp: number | null;
  tasks: string[];
  beforeLcp: [string, number][];
}

export function summariseTrace(events: TraceEvent[]): TraceSummary {
  const nav = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith('http'),
  );
  if (!nav) throw new Error('the trace holds no navigation of the page');
  const ms = (ts: number) => (ts - nav.ts) / 1000;
  const main = events
    .filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X' && e.dur !== undefined && e.ts >= nav.ts)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const lcpEvents = events.filter((e) => e.pid === nav.pid && e.name === 'largestContentfulPaint::Candidate');
  const lcp = lcpEvents.length > 0 ? ms(lcpEvents.at(-1)!.ts) : null;
  const tasks: string[] = [];
  const beforeLcp = new Map<string, number>();
  for (const task of main.filter((e) => e.name === 'RunTask')) {
    const end = task.ts + task.dur!;
    // The task's outermost pieces: those not inside another piece of it.
    const pieces: TraceEvent[] = [];
    let reach = task.ts;
    for (const e of main) {
      if (e === task || e.ts < task.ts || e.ts + e.dur! > end || e.name === 'RunTask') continue;
      if (e.ts < reach) continue;
      pieces.push(e);
      reach = e.ts + e.dur!;
    }
    const by = new Map<string, number>();
    for (const piece of pieces) by.set(kindOf(piece), (by.get(kindOf(piece)) ?? 0) + piece.dur! / 1000);
    if (lcp === null || ms(task.ts) < lcp) for (const [kind, d] of by) beforeLcp.set(kind, (beforeLcp.get(kind) ?? 0) + d);
    if (task.dur! < 40_000) continue;
    const parts = [...by]
      .sort((a, b) => b[1] - a[1])
      .filter(([, d]) => d >= 5)
      .map(([kind, d]) => `${kind} ${Math.round(d)}`);
    tasks.push(`${Math.round(ms(task.ts))}+${Math.round(task.dur! / 1000)}: ${parts.join(', ')}`);
  }
  return { lcp, tasks, beforeLcp: [...beforeLcp].sort((a, b) => b[1] - a[1]) };
}

/** The summary as the bench prints it. */
export function printTraceSummary(summary: TraceSummary): void {
  console.log(`  main thread, tasks of 40 ms and more (start+ms: what, ms):`);
  for (const line of summary.tasks) console.log(`    ${line}`);
  const total = summary.beforeLcp.reduce((sum, [, d]) => sum + d, 0);
  const top = summary.beforeLcp
    .filter(([, d]) => d >= 10)
    .map(([kind, d]) => `${kind} ${Math.round(d)}`)
    .join(', ');
  console.log(`  busy before LCP (${summary.lcp === null ? '?' : Math.round(summary.lcp)} ms): ${Math.round(total)} ms: ${top}`);
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const data = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  printTraceSummary(summariseTrace(Array.isArray(data) ? data : (data.traceEvents ?? [])));
}
