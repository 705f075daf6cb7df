/**
 * The node options a worker thread is started with (decision 035).
 *
 * A worker given `execArgv` refuses V8's options (`--max-semi-space-size`, `--max-old-space-size`,
 * `--stack-trace-limit`, …) and the options that act on the whole process (`--title`, `--prof`):
 * `new Worker` throws ERR_WORKER_INVALID_EXEC_ARGV (Node's docs, worker_threads, `execArgv`).
 * `npm start` runs the server with apps/server/node-options.json, which holds such an option, so a
 * worker handed `process.execArgv` as it is cannot start in production. V8's options are the
 * process's anyway (its flags are global: a worker's heap is sized by them too), so a worker gets
 * only what it needs and accepts, taken from the parent's own options in their order: the source
 * maps, and the module loading a parent run from source goes through (tsx's `--require` and
 * `--import`, a `--loader`, `--conditions`). Everything else stays with the process.
 */

/** Options kept as they are. */
const FLAGS = new Set(['--enable-source-maps']);
/** Options kept with their value, given as `--name value` or `--name=value`. */
const WITH_VALUE = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader', '--conditions', '-C']);

export function workerExecArgv(parentArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < parentArgv.length; i++) {
    const arg = parentArgv[i]!;
    const name = arg.split('=', 1)[0]!;
    if (FLAGS.has(arg)) kept.push(arg);
    else if (WITH_VALUE.has(name) && arg.includes('=')) kept.push(arg);
    else if (WITH_VALUE.has(arg) && i + 1 < parentArgv.length) kept.push(arg, parentArgv[++i]!);
  }
  return kept;
}
