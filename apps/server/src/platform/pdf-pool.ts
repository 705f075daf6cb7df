/**
 * The PDF worker threads (decision 016): every PDF drawn again and again by many people (a
 * commission statement, a proposal) runs off the event loop in one pool, so a burst of PDFs of
 * either kind shares the same two threads and never takes a core from the requests. Each task
 * names its worker module (piscina runs that module's default export), a feature's own drawing.
 *
 * Drawing a statement takes one core for tens of milliseconds (more for a long one), so it runs off
 * the event loop: a request that awaits a PDF leaves every other request served. Two threads at
 * most (one on a single core); PDFs asked for at once queue for a thread. The threads run at a
 * lower priority (nice +10, through piscina where the OS allows it), so under a burst of PDFs the
 * event loop, and a database on the same machine, still get the cores first: on two cores, four
 * agents downloading PDFs in a loop raised another agent's getdeals p95 1.6–4.3× with the threads
 * at nice 0, 1.1–1.6× at nice 10 (bench/README.md). A thread idle for a minute ends; piscina
 * unrefs idle threads, so the pool never keeps the process alive.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import Piscina from 'piscina';
import { workerExecArgv } from './worker-exec-argv.ts';

const PDF_THREADS = Math.min(2, availableParallelism());
const PDF_NICE = 10;
const PDF_IDLE_MS = 60_000;

/**
 * The process's options a worker accepts (workerExecArgv: never node-options.json's V8 options,
 * which a worker refuses; decision 035). From source (tsx, vitest) the worker loads TypeScript
 * through tsx (a dev dependency), unless the process already does.
 */
function pdfExecArgv(): string[] {
  const execArgv = workerExecArgv(process.execArgv);
  if (path.extname(fileURLToPath(import.meta.url)) !== '.ts') return execArgv;
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return execArgv.some((arg) => arg.includes('tsx')) ? execArgv : [...execArgv, '--import', tsx];
}

/**
 * A worker module beside the module at `moduleUrl` (its import.meta.url): `<name>.ts` when it runs
 * from source, the bundle's dist/<name>.js beside dist/main.js otherwise (build.mjs builds each).
 */
export function pdfWorkerFile(moduleUrl: string, name: string): string {
  const here = fileURLToPath(moduleUrl);
  return path.join(path.dirname(here), `${name}${path.extname(here) === '.ts' ? '.ts' : '.js'}`);
}

/**
 * The pool, made on the first PDF. Not request state: a process resource like the database pool
 * (each instance has its own, and nothing in it outlives a task), so N instances still behave as one.
 */
let pool: Piscina<unknown, Uint8Array> | null = null;

/** Draws a PDF in a worker thread: `filename`'s default export (pdfWorkerFile) given `task` (plain data: it is cloned). */
export async function runPdfWorker<T>(filename: string, task: T): Promise<Buffer> {
  pool ??= new Piscina<unknown, Uint8Array>({
    execArgv: pdfExecArgv(),
    minThreads: 0,
    maxThreads: PDF_THREADS,
    idleTimeout: PDF_IDLE_MS,
    niceIncrement: PDF_NICE,
  });
  const bytes = await pool.run(task, { filename });
  // A Buffer arrives as a plain Uint8Array: view it as a Buffer again, without copying.
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Ends the PDF threads once the PDFs under way are done (a later PDF starts a new pool). Idle
 * threads never hold the process open, so this only makes a shutdown prompt and tidy: for
 * main.ts to call after app.close(), and for tests.
 */
export async function closePdfWorkers(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.close();
}
