/**
 * The page sizes of server-side paging (paging.ts, decision 036): no zod and no schema, so that the
 * web's first load (the Deals Table, the dashboard) can use them without building the schemas of
 * the module that defines the page answers (decision 014). Re-exported by paging.ts.
 */

export const PAGE_LIMIT_MAX = 500;
/** The page size of the screens, and of a page route asked without a limit. */
export const DEFAULT_PAGE_SIZE = 100;
