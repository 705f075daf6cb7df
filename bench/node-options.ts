import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The node options `npm start` runs the server with, all of them (apps/server/node-options.json,
 * read by scripts/start.mjs; decision 035). Every bench, crash and scale test server runs with
 * them: the app as production runs it, and the bare handlers it is compared with, alike.
 */
export const SERVER_NODE_OPTIONS = JSON.parse(
  fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/node-options.json'), 'utf8'),
) as string[];
