// zod configured before the table's schemas are built (see the module's header).
import '../lib/zod-jitless';

/**
 * The route table with its schemas, for parsing answers: a chunk of its own, fetched with the first
 * request rather than in the first load (decision 014). Sending needs only route-paths.
 */
export { responseSchema, routes } from '@ahente/contract/routes';
