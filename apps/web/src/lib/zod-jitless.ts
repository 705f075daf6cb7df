import { z } from 'zod';

/**
 * Before any schema exists: zod 4 compiles object parsers with `new Function` unless told not to,
 * and its probe for that is refused by the CSP (`script-src 'self'`, no 'unsafe-eval'), which
 * Chromium reports as a violation on every page (Lighthouse best practices, decision 014). The
 * interpreted parsers are used instead: same results. api/route-table.ts imports this module, and
 * vite.config.ts puts it in the zod chunk, which runs before every chunk that builds a schema,
 * whichever screen loads zod first (zod is not in the first load: decision 014).
 */
z.config({ jitless: true });
