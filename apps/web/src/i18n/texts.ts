/**
 * A catalogue's shape from its English: the same keys, each a text. Imports nothing, so that every
 * area's Filipino can name its shape without reaching the catalogue's index (catalogue.ts).
 */
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
