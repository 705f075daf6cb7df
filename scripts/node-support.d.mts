// The types of node-support.mjs, for the test that imports it (apps/server/src/first-start.test.ts).
export declare const NODE_END_OF_LIFE: Record<number, string>;
export declare const RECOMMENDED_NODE: number;
export declare function nodeSupport(version: string, lts: string | undefined, today: Date): { line: string; warning: string | null };
