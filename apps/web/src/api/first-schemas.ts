// zod configured before the schemas are built (see the module's header).
import '../lib/zod-jitless';

/**
 * The first screens' answer schemas (contract/first-answers.ts): one chunk, loaded by the first
 * call whose answer it parses, after the first render, without the route table (decision 014).
 */
export * from '@ahente/contract/first-schemas';
