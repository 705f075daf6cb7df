import { z } from 'zod';

/**
 * Before any schema exists: zod 4 compiles object parsers with `new Function` unless told not to,
 * and its probe for that is refused by the CSP (`script-src 'self'`, no 'unsafe-eval'), which
 * Chromium reports as a violation on every page (Lighthouse best practices, issue 25). The
 * interpreted parsers are used instead: same results. main.tsx imports this module first, and
 * vite.config.ts puts it in the zod chunk, which runs before every chunk that builds a schema (the
 * entry chunk's own code would run only after the chunks it imports).
 */
z.config({ jitless: true });
