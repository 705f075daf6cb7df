import { z } from 'zod';

/**
 * Before any schema exists (main.tsx imports this module first): zod 4 compiles object parsers
 * with `new Function` unless told not to, and its probe for that is refused by the CSP
 * (`script-src 'self'`, no 'unsafe-eval'), which Chromium reports as a violation on every page
 * (Lighthouse best practices, issue 25). The interpreted parsers are used instead: same results.
 */
z.config({ jitless: true });
