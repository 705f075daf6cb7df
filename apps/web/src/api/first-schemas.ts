// zod configured before the schemas are built (see the module's header).
import '../lib/zod-jitless';

/**
 * The first screens' answer schemas (contract/first-answers.ts): one chunk with zod's, fetched with
 * the session's request, without the route table (issue 25 §1).
 */
export * from '@ahente/contract/first-schemas';
