/**
 * How far up (or down) the sponsor chain a walk goes: far deeper than any real agency (the bench
 * tree is 30 levels), and a bound on the work of one query whatever the data holds (decision 011).
 * Every recursive query over members.referror (members, reports) stops here.
 */
export const MAX_CHAIN_DEPTH = 64;

/**
 * The connections of an instance's PostgreSQL pool unless DATABASE_POOL_SIZE says otherwise
 * (decision 035: what the load test found the pool's waits to be at each size).
 */
export const DEFAULT_POOL_SIZE = 10;
