// `npm run dev`: the API with reload on change (port 3000) and Vite's dev server (port 5173, proxying /api).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { NODE_ENV: 'development', ...process.env };
// The node options `npm start` runs the server with (apps/server/node-options.json, decision 035).
const nodeOptions = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/node-options.json'), 'utf8'));
const procs = [
  spawn('npx', ['tsx', 'watch', ...nodeOptions, 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@ahente/web'], { cwd: root, stdio: 'inherit', env }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) =>
  p.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
