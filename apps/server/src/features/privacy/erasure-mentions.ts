/**
 * How an erased member is recognised where other rows quote them in free text (decision 027), and
 * what replaces each quote. No SQL here: the repository finds the candidate rows with the LIKE
 * patterns (lower case, `\` escaping) and rewrites each with `rewrite`.
 *
 * Recognised, case-insensitively and as whole words:
 * - the full name: first [middle | middle initial] last, and "Last, First [Middle]", with or
 *   without an honorific before it (Mr., Ms., Sir, Ma'am, Atty., Kuya…);
 * - the e-mail address; the username (one made of letters only reads as a word or a name, so it
 *   is recognised only where it is quoted as a username: "@juan", "username: juan");
 * - the phone as 0917…, +63 917…, 63917… or 917…, with or without spaces, dots or dashes;
 * - the TIN with or without dashes or spaces, with or without its branch code;
 * - bank account and licence numbers, with or without separators.
 * A part of the name alone is recognised only where it cannot be someone else's: the surname
 * after an honorific or the first initial ("Mr. Magbanua", "J. Magbanua"), the first name after an
 * honorific ("Ma'am Evangelina"), and only when no other living member and no client shares that
 * part. A full name, phone, TIN or account that another living member shares is left alone.
 */

/** What an erasure knows of the member before it clears it. */
export interface ErasedPerson {
  f_name: string;
  m_name: string | null;
  l_name: string;
  username: string;
  email: string;
  contact_no: string;
  tin: string | null;
  /** Their bank account numbers (digits). */
  accounts: string[];
  /** Their licence numbers. */
  licences: string[];
}

/** Which of the member's values another living member (or, for a name part, a client) also has. */
export interface SharedValues {
  fullName: boolean;
  firstName: boolean;
  lastName: boolean;
  phone: boolean;
  tin: boolean;
  accounts: ReadonlySet<string>;
}

export interface Mentions {
  /** LIKE patterns over `lower(column)`: a row that matches none of them quotes nothing. */
  like: string[];
  /** The text with every quote of the member replaced. */
  rewrite(text: string): string;
  /** Whether the text quotes the member. */
  quotes(text: string): boolean;
}

/** What replaces a quoted number (phone, TIN, account, licence); a name, username or e-mail becomes the erased member's name. */
export const ERASED_VALUE = '[erased]';

/** The shortest phone (without its leading 0), account or licence number recognised: shorter ones are too common to be theirs. */
const MIN_NUMBER_DIGITS = 7;
const MIN_ACCOUNT_DIGITS = 6;
const MIN_LICENCE_LENGTH = 5;
/** A part of a name shorter than this is never recognised alone. */
const MIN_NAME_PART = 3;

const HONORIFIC = "(?:mr|mrs|ms|miss|mx|dr|atty|engr|sir|ma['’]?am|mam|madam|gng|bb|kuya|ate|tita|tito)\\.?";
const WORD_START = '(?<![\\p{L}\\p{N}])';
const WORD_END = '(?![\\p{L}\\p{N}])';
const SEPARATOR = '[\\s.-]?';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Name words with any run of spaces between them. */
const nameWords = (text: string) => text.trim().split(/\s+/).map(escapeRegExp).join('\\s+');
/** Digits with an optional space, dot or dash between any two. */
const spacedDigits = (digits: string) => digits.split('').join(SEPARATOR);

/**
 * A LIKE pattern (for `lower(column) like … escape '\'`) matching text that holds `parts` in this
 * order: each part lower-cased and escaped, any character outside ASCII made `_` (SQLite's lower()
 * folds ASCII only), spaces and the gaps between parts made `%`. It matches at least what the
 * regular expressions do, so no quote escapes the prefilter.
 */
export function likeOf(...parts: string[]): string {
  const part = (p: string) =>
    p
      .trim()
      .split(/\s+/)
      .map((w) => [...w].map((c) => (c.charCodeAt(0) > 0x7f ? '_' : c.toLowerCase().replace(/[\\%_]/g, (x) => `\\${x}`))).join(''))
      .join('%');
  return `%${parts.map(part).join('%')}%`;
}

export function erasureMentions(person: ErasedPerson, shared: SharedValues, erasedName: string): Mentions {
  const rules: { pattern: RegExp; replacement: string }[] = [];
  const like: string[] = [];
  const add = (source: string, replacement: string) => rules.push({ pattern: new RegExp(source, 'giu'), replacement });

  // The e-mail address, then the username: the most specific first.
  const email = person.email.trim();
  if (email.length >= MIN_NAME_PART) {
    add(`(?<![\\p{L}\\p{N}._%+-])${escapeRegExp(email)}(?![\\p{L}\\p{N}_-]|\\.[\\p{L}\\p{N}])`, erasedName);
    like.push(likeOf(email));
  }
  const username = person.username.trim();
  if (username.length >= MIN_NAME_PART) {
    const end = '(?![\\p{L}\\p{N}_@-]|[.-][\\p{L}\\p{N}])';
    if (/[^\p{L}]/u.test(username)) {
      add(`(?<![\\p{L}\\p{N}_.-])${escapeRegExp(username)}${end}`, erasedName);
    } else {
      add(`(?<=@|\\b(?:username|user name|user|login)\\s*(?::\\s*|is\\s+)?["'“‘]?)${escapeRegExp(username)}${end}`, erasedName);
    }
    like.push(likeOf(username));
  }

  // The full name, with or without the middle name (or its initial) and an honorific.
  const first = person.f_name.trim();
  const last = person.l_name.trim();
  const middle = (person.m_name ?? '').trim();
  if (first.length > 0 && last.length > 0 && !shared.fullName) {
    const F = nameWords(first);
    const L = nameWords(last);
    const M = middle ? `(?:\\s+(?:${nameWords(middle)}|${escapeRegExp(middle[0]!)}\\.?))?` : '';
    add(`${WORD_START}(?:${HONORIFIC}\\s+)?${F}${M}\\s+${L}${WORD_END}`, erasedName);
    add(`${WORD_START}${L}\\s*,\\s*${F}${M}${WORD_END}`, erasedName);
    like.push(likeOf(first, last), likeOf(last, first));
    // A part alone, only where it cannot be anyone else's.
    if (!shared.lastName && last.length >= MIN_NAME_PART) {
      add(`${WORD_START}(?:${HONORIFIC}|${escapeRegExp(first[0]!)}\\.?)\\s+${L}${WORD_END}`, erasedName);
      like.push(likeOf(last));
    }
    if (!shared.firstName && first.length >= MIN_NAME_PART) {
      add(`${WORD_START}${HONORIFIC}\\s+${F}${WORD_END}`, erasedName);
      like.push(likeOf(first));
    }
  }

  // Numbers: the phone in its usual spellings, the TIN, accounts and licences.
  const digits = (text: string) => text.replace(/\D/g, '');
  const national = digits(person.contact_no).replace(/^0/, '');
  if (national.length >= MIN_NUMBER_DIGITS && !shared.phone) {
    add(`(?<![\\p{N}+])(?:(?:\\+|00)?63${SEPARATOR}|0)?${spacedDigits(national)}(?!\\p{N})`, ERASED_VALUE);
    like.push(likeOf(national.split('').join(' ')));
  }
  const tin = digits(person.tin ?? '');
  if (tin.length >= 9 && !shared.tin) {
    const base = tin.slice(0, 9);
    add(`(?<!\\p{N})${spacedDigits(base)}(?:${SEPARATOR}\\d{3,5})?(?!\\p{N})`, ERASED_VALUE);
    like.push(likeOf(base.split('').join(' ')));
  }
  for (const account of new Set(person.accounts.map(digits))) {
    if (account.length < MIN_ACCOUNT_DIGITS || shared.accounts.has(account)) continue;
    add(`(?<!\\p{N})${spacedDigits(account)}(?!\\p{N})`, ERASED_VALUE);
    like.push(likeOf(account.split('').join(' ')));
  }
  for (const licence of new Set(person.licences.map((l) => l.trim()))) {
    if (licence.length < MIN_LICENCE_LENGTH || !/\d/.test(licence)) continue;
    add(`${WORD_START}${escapeRegExp(licence)}${WORD_END}`, ERASED_VALUE);
    like.push(likeOf(licence));
  }

  const rewrite = (text: string) => rules.reduce((t, r) => t.replace(r.pattern, r.replacement), text);
  return { like: [...new Set(like)], rewrite, quotes: (text) => rewrite(text) !== text };
}
