/**
 * The keys that make two spellings one (decision 037).
 *
 * An insurer's name or alias: lower-cased, every space dropped ("Malayan  Insurance" and
 * "malayaninsurance" are one insurer).
 */
export function insurerKey(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '');
}

/**
 * A policy number: upper-cased, split at spaces, dashes, dots and slashes, each part's leading zeros
 * dropped (a part of zeros alone stays "0"), then joined with "-": `POL-2026-00008`, `pol 2026 8`
 * and `POL/2026/008` are all `POL-2026-8`.
 */
export function policyKey(text: string): string {
  return text
    .toUpperCase()
    .split(/[\s\-./\\]+/)
    .filter((part) => part !== '')
    .map((part) => part.replace(/^0+(?=.)/, ''))
    .join('-');
}
