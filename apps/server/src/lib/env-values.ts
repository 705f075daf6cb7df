import { z } from 'zod';
import { hasControlCharacter } from '@ahente/contract/common';

/**
 * How an environment variable is read, whatever it configures (config.ts builds its one schema
 * from these): an empty value counts as unset, a bad value is refused with a message that names
 * the variable and shows what was given, and a URL or a password is never echoed whole.
 */

/** An environment variable as a string, '' (and blanks) counting as unset. */
export const variable = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

type Issues = { addIssue(issue: { code: 'custom'; message: string }): void };
export const refuse = (ctx: Issues, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};
export const got = (value: string) => `(got ${JSON.stringify(value)})`;

export function wholeNumber(name: string, min: number, max: number, fallback: number) {
  return variable.transform((v, ctx) => {
    if (v === undefined) return fallback;
    const text = v.trim();
    const n = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
    if (n >= min && n <= max) return n;
    return refuse(ctx, `${name} must be a whole number from ${min} to ${max} ${got(v)}`);
  });
}

export function trueOrFalse(name: string) {
  return variable.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const text = v.trim().toLowerCase();
    if (text === 'true' || text === 'false') return text === 'true';
    return refuse(ctx, `${name} must be true or false ${got(v)}`);
  });
}

export function text(fallback: string) {
  return variable.transform((v) => v ?? fallback);
}

/** `text` as an http: or https: URL, or null. */
export function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** A URL without its password, to show in a message. */
export function withoutPassword(url: string): string {
  return url.replace(/\/\/([^/@]*)@/, (_all, userinfo: string) => `//${userinfo.split(':')[0]}:…@`);
}

/**
 * An SMTP_URL to show in a message: its scheme and host only, the user and password (which may
 * hold an unescaped '@' or '/') replaced by `…` whatever they hold.
 */
export function smtpUrlShown(url: string): string {
  const at = url.lastIndexOf('@');
  const start = url.indexOf('//');
  if (at === -1) return url;
  return start !== -1 && start < at ? `${url.slice(0, start + 2)}…@${url.slice(at + 1)}` : `…@${url.slice(at + 1)}`;
}

/** An e-mail address as MAIL_FROM takes it: one @, a dot in the domain, nothing a header could be split on. */
export const MAIL_ADDRESS = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/;

/** `address` or `Name <address>`: the name (empty when not given) and the address. */
export function parseMailFrom(value: string): { name: string; address: string } | null {
  const text = value.trim();
  const named = /^(.*?)\s*<([^<>]*)>$/.exec(text);
  const name = (named ? named[1]! : '').trim().replace(/^"(.*)"$/, '$1');
  const address = (named ? named[2]! : text).trim();
  if (!MAIL_ADDRESS.test(address) || address.length > 254) return null;
  if (name.length > 100 || hasControlCharacter(name) || /[<>"]/.test(name)) return null;
  return { name, address };
}

/** `text` percent-decoded (the user of an SMTP_URL), or as it is when it is not valid percent-encoding. */
export function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
