import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { workerExecArgv } from './worker-exec-argv.ts';

/**
 * Decision 035: under `npm start` every statement PDF answered 500, because the PDF threads were
 * handed the process's options and a worker refuses node-options.json's V8 option. These tests run
 * in a process started with node-options.json (vitest.config.ts), as the server is.
 */
const nodeOptions = JSON.parse(fs.readFileSync(new URL('../../node-options.json', import.meta.url), 'utf8')) as string[];

/** What a worker started with `execArgv` saw as its own options, or the error `new Worker` threw. */
function startWorker(execArgv: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker("require('node:worker_threads').parentPort.postMessage(process.execArgv)", { eval: true, execArgv });
    worker.once('message', (argv: string[]) => void worker.terminate().then(() => resolve(argv)));
    worker.once('error', reject);
  });
}

describe('the node options of a worker thread', () => {
  it('are those npm start gives the server, in the tests too', () => {
    expect(nodeOptions).toContain('--enable-source-maps');
    expect(process.execArgv).toEqual(expect.arrayContaining(nodeOptions));
  });

  it('start a worker under npm start options, where the process options as they are do not', async () => {
    const fromSource = [...nodeOptions, '--require', '/app/node_modules/tsx/dist/preflight.cjs', '--import', 'data:text/javascript,'];
    await expect(startWorker(fromSource)).rejects.toMatchObject({ code: 'ERR_WORKER_INVALID_EXEC_ARGV' });
    const kept = workerExecArgv(fromSource);
    expect(kept).toEqual([
      '--enable-source-maps',
      '--require',
      '/app/node_modules/tsx/dist/preflight.cjs',
      '--import',
      'data:text/javascript,',
    ]);
    await expect(startWorker(workerExecArgv([...nodeOptions, '--import', 'data:text/javascript,']))).resolves.toEqual([
      '--enable-source-maps',
      '--import',
      'data:text/javascript,',
    ]);
    // This process's own options (node-options.json and whatever the test runner adds) start one too.
    await expect(startWorker(workerExecArgv(process.execArgv))).resolves.toEqual(expect.arrayContaining(['--enable-source-maps']));
  });

  it('drop V8 and whole-process options, keep module loading with its value in either form', () => {
    expect(
      workerExecArgv([
        '--max-semi-space-size=64',
        '--max-old-space-size=512',
        '--stack-trace-limit=50',
        '--title=ahente',
        '--expose-gc',
        '--import=file:///a/loader.mjs',
        '-r',
        './pre.cjs',
        '--conditions=production',
        '--experimental-loader',
        './l.mjs',
      ]),
    ).toEqual(['--import=file:///a/loader.mjs', '-r', './pre.cjs', '--conditions=production', '--experimental-loader', './l.mjs']);
    expect(workerExecArgv([])).toEqual([]);
  });
});
