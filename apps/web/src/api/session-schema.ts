// zod configured before the schema is built (see the module's header).
import '../lib/zod-jitless';

/**
 * The session's answer schema (contract/session.ts), in the first load itself: GET /api/me is
 * parsed before the first render, with zod and this one schema built, not the first screens'
 * schemas (api/first-schemas.ts), which their calls load after it (decision 014).
 */
export { sessionUser } from '@ahente/contract/session';
