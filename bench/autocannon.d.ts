// autocannon ships no types; bench/getdeals.ts declares the part it uses.
declare module 'autocannon';
