/**
 * How far up (or down) the sponsor chain a walk goes: far deeper than any real agency (the bench
 * tree is 30 levels), and a bound on the work of one query whatever the data holds (decision 011).
 * Every recursive query over members.referror (members, reports) stops here.
 */
export const MAX_CHAIN_DEPTH = 64;
