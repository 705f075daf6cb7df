import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { USERNAME_PATTERN } from '@ahente/contract/auth';
import { hasControlCharacter } from '@ahente/contract/common';
import { DEFAULT_DAILY_JOB_CRON, isCronPattern } from './lib/cron.ts';
import {
  MAIL_ADDRESS,
  decodeURIComponentSafe,
  got,
  httpUrl,
  parseMailFrom,
  refuse,
  smtpUrlShown,
  text,
  trueOrFalse,
  variable,
  wholeNumber,
  withoutPassword,
} from './lib/env-values.ts';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /**
   * A direct PostgreSQL URL (not through PgBouncer) for the migrations and the start-up lock
   * (decision 032); null: DATABASE_URL serves for those too.
   */
  databaseDirectUrl: string | null;
  /** PostgreSQL: the connections of this instance's pool (DATABASE_POOL_SIZE, decision 035). */
  databasePoolSize: number;
  /**
   * PostgreSQL: statements with parameters are prepared once per connection
   * (DATABASE_PREPARED_STATEMENTS, default true; false behind a PgBouncer before 1.21 in transaction
   * pooling; decision 035).
   */
  databasePreparedStatements: boolean;
  /**
   * PostgreSQL: a file the pool's wait counters are written to every second, for the load test to
   * read (DATABASE_POOL_STATS_FILE); null: none.
   */
  databasePoolStatsFile: string | null;
  storageDir: string;
  /** Uploaded files in an S3-compatible bucket (STORAGE_URL=s3://…, decision 033); null: on local disk in storageDir. */
  s3: S3StorageConfig | null;
  webDist: string | null;
  cookieSecure: boolean;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  /**
   * How the server writes its log (LOG_FORMAT, decision 006): 'json', pino's one object a line, for
   * log collectors; 'pretty', a line of text each, for a person at a terminal; null: pretty when
   * standard output is a terminal, JSON otherwise.
   */
  logFormat: 'json' | 'pretty' | null;
  /** A session ends after this long without a request. */
  sessionIdleMs: number;
  /** A session ends this long after login, whatever happens. */
  sessionAbsoluteMs: number;
  login: { maxFailures: number; windowMs: number; maxPerIp: number };
  uploads: { materialBytes: number; photoBytes: number };
  /** Which proxies in front may name the client in X-Forwarded-For: none, or their addresses. */
  trustProxy: false | string[];
  /** Signs CSRF tokens; unset, a secret kept in the database is shared by every instance. */
  csrfSecret: string | undefined;
  /** The agency's name, as commission statements print it. */
  agencyName: string;
  /** The agency's TIN with its branch code (000-000-000-000), registered address and RDO code, as BIR Form 2307 and the alphalist print them; null when unset. */
  agencyTin: string | null;
  agencyAddress: string | null;
  agencyRdo: string | null;
  /**
   * E-mail (decision 026): the SMTP server (smtp:// or smtps://, with its user and password), the
   * sender, and the portal's public address for the links in e-mails. smtpUrl null: e-mail is off
   * and notifications are in the portal only; mailFrom and portalUrl are then null or as given.
   */
  smtpUrl: string | null;
  mailFrom: { name: string; address: string } | null;
  portalUrl: string | null;
  /** When the daily job (renewal and licence reminders) runs: a cron pattern read in Manila time (decision 026). */
  dailyJobCron: string;
  /**
   * Two-factor sign-in for administrators (decision 027): 'required' (the default) lets an admin
   * without it do nothing but enrol; 'optional' (a trial, a test harness) leaves it to them.
   */
  admin2fa: 'required' | 'optional';
  /** Sign-ups per client address per window, then 429 (decision 027). */
  signup: { maxPerWindow: number; windowMs: number };
  /**
   * How long what is kept only for operations is kept (decision 027): read notifications and
   * the outbox's sent or failed messages (days), the access log of sensitive data (years), and an
   * erased member's books of accounts after the filing deadline of their year (years, NIRC s.235).
   */
  retention: { readNotificationsDays: number; outboxDays: number; accessLogYears: number; booksYears: number };
  /** How long an Idempotency-Key is remembered (decision 029), in hours; then the hourly purge drops it. */
  idempotencyKeyHours: number;
  /**
   * How old a stored file no row names must be before the sweep removes it (decision 003): longer
   * than any upload takes, so a file written just before its row commits is kept.
   */
  orphanFileGraceMs: number;
  /**
   * Who may read the API's description at /api/docs (decision 008): 'admin' (the default in
   * production: the route table is a map for an attacker) or 'public' (the default in development
   * and tests).
   */
  apiDocs: 'public' | 'admin';
}

/** Where the files live in an S3-compatible store (STORAGE_URL=s3://bucket/prefix and the S3_* variables; platform/s3-storage.ts). */
export interface S3StorageConfig {
  bucket: string;
  /** Segments put before every key (`ahente/prod` → `ahente/prod/materials/…`); '' for none. */
  prefix: string;
  /** The store's address (MinIO, s3rver, another provider); null: AWS for `region`. */
  endpoint: string | null;
  region: string;
  /** Both or neither; neither: the AWS SDK's default chain (AWS_* variables, a profile, an instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO, s3rver). */
  forcePathStyle: boolean;
}

/** A setting that cannot be used; its message names the variable (main.ts prints it in one line). */
export class ConfigError extends Error {}

/** proxy-addr's names for address ranges, accepted by Fastify's trustProxy. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset or `false` (default: the socket's address is the client), or a
 * comma-separated list of the reverse proxies' addresses or CIDR ranges. X-Forwarded-For is then
 * read from the right, through trusted proxies only: the client is the last address a trusted
 * proxy added, never the left-most one a client may have written. `true` would believe anything a
 * client writes, and a hop count cannot check who is talking (Fastify 5 ignores it), so both are
 * refused with a message rather than silently weakened.
 */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  const example = 'give the addresses of the proxies in front, e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8,::1';
  if (text === 'true') throw new ConfigError(`TRUST_PROXY=true would trust any X-Forwarded-For a client sends: ${example}`);
  if (/^\d+$/.test(text)) throw new ConfigError(`TRUST_PROXY=${text}: a hop count cannot tell a proxy from a client; ${example}`);
  const entries = text.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !isAddressOrRange(e));
  if (bad !== undefined) throw new ConfigError(`TRUST_PROXY: "${bad}" is not an IP address or CIDR range; ${example}`);
  return entries;
}

// ---- the schema ---------------------------------------------------------------------------------
//
// One zod schema reads every variable of the README's Configuration table (plus NODE_ENV and
// WEB_DIST). Each field knows its variable's name, so a bad value is refused with a message that
// names it and shows what was given; nothing falls back to a default silently. An empty value
// counts as unset. Secrets (ADMIN_PASSWORD, CSRF_SECRET) are never echoed, nor a database password.

/**
 * The connections of an instance's PostgreSQL pool unless DATABASE_POOL_SIZE says otherwise
 * (decision 035: the load test prints the pool's waits at each size).
 */
export const DEFAULT_POOL_SIZE = 10;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const MB = 1024 * 1024;

const envSchema = z
  .object({
    NODE_ENV: text('production'),
    PORT: wholeNumber('PORT', 1, 65_535, 3000),
    HOST: text('0.0.0.0'),
    DATABASE_URL: variable.transform((v, ctx) => {
      if (v === undefined) return 'sqlite:./data/ahente.db';
      const url = v.trim();
      if (/^postgres(ql)?:\/\/./.test(url) || /^sqlite:./.test(url)) return url;
      return refuse(ctx, `DATABASE_URL must be sqlite:<file> or postgres://user@host:5432/db ${got(withoutPassword(v))}`);
    }),
    DATABASE_DIRECT_URL: variable.transform((v, ctx) => {
      if (v === undefined) return null;
      const url = v.trim();
      if (/^postgres(ql)?:\/\/./.test(url)) return url;
      return refuse(ctx, `DATABASE_DIRECT_URL must be postgres://user@host:5432/db ${got(withoutPassword(v))}`);
    }),
    DATABASE_POOL_SIZE: wholeNumber('DATABASE_POOL_SIZE', 1, 200, DEFAULT_POOL_SIZE),
    DATABASE_PREPARED_STATEMENTS: trueOrFalse('DATABASE_PREPARED_STATEMENTS'),
    DATABASE_POOL_STATS_FILE: variable.transform((v) => (v === undefined ? null : v.trim())),
    STORAGE_DIR: text('./data/uploads'),
    // Files in an S3-compatible bucket (decision 033); unset, on local disk in STORAGE_DIR.
    STORAGE_URL: variable.transform((v, ctx) => {
      if (v === undefined) return null;
      const url = v.trim();
      const parts = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/[^?#]*)?$/.exec(url);
      const prefix = (parts?.[2] ?? '').replace(/^\/+|\/+$/g, '');
      const segments = prefix === '' ? [] : prefix.split('/');
      if (parts && !parts[1]!.includes('..') && segments.every((s) => /^[A-Za-z0-9._-]+$/.test(s) && s !== '.' && s !== '..')) {
        return { bucket: parts[1]!, prefix };
      }
      return refuse(
        ctx,
        `STORAGE_URL must be s3://bucket or s3://bucket/prefix (a bucket name of lower-case letters, digits, dots and dashes; unset, files stay on local disk in STORAGE_DIR) ${got(withoutPassword(url))}`,
      );
    }),
    S3_ENDPOINT: variable.transform((v, ctx) => {
      if (v === undefined) return null;
      const text = v.trim();
      const url = httpUrl(text);
      if (url && url.hostname !== '' && url.username === '' && url.password === '' && url.search === '' && url.hash === '') {
        return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
      }
      return refuse(
        ctx,
        `S3_ENDPOINT must be the store's address, such as https://s3.example.ph or http://127.0.0.1:9000 (credentials go in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY) ${got(withoutPassword(text))}`,
      );
    }),
    S3_REGION: variable.transform((v, ctx) => {
      if (v === undefined) return null;
      const region = v.trim().toLowerCase();
      if (/^[a-z0-9][a-z0-9-]{0,49}$/.test(region)) return region;
      return refuse(ctx, `S3_REGION must be a region name such as us-east-1 or ap-southeast-1 ${got(v)}`);
    }),
    // Neither key is echoed in a message: an access key id is half of a credential.
    S3_ACCESS_KEY_ID: variable.transform((v, ctx) => {
      if (v === undefined || /^[\x21-\x7e]{1,128}$/.test(v.trim())) return v?.trim() ?? null;
      return refuse(ctx, `S3_ACCESS_KEY_ID must be 1 to 128 characters without spaces (it has ${v.trim().length})`);
    }),
    S3_SECRET_ACCESS_KEY: variable.transform((v, ctx) => {
      if (v === undefined || /^[\x21-\x7e]{1,128}$/.test(v.trim())) return v?.trim() ?? null;
      return refuse(ctx, `S3_SECRET_ACCESS_KEY must be 1 to 128 characters without spaces (it has ${v.trim().length})`);
    }),
    S3_FORCE_PATH_STYLE: trueOrFalse('S3_FORCE_PATH_STYLE'),
    WEB_DIST: variable,
    ADMIN_USERNAME: variable.transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v.length >= 3 && v.length <= 50 && USERNAME_PATTERN.test(v)) return v;
      return refuse(ctx, `ADMIN_USERNAME must be 3 to 50 letters, digits, dots, dashes or underscores ${got(v)}`);
    }),
    ADMIN_PASSWORD: variable.transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v.length >= 8 && v.length <= 200) return v;
      return refuse(ctx, `ADMIN_PASSWORD must be 8 to 200 characters (it has ${v.length})`);
    }),
    COOKIE_SECURE: trueOrFalse('COOKIE_SECURE'),
    SESSION_IDLE_MINUTES: wholeNumber('SESSION_IDLE_MINUTES', 1, 525_600, 12 * 60),
    SESSION_ABSOLUTE_HOURS: wholeNumber('SESSION_ABSOLUTE_HOURS', 1, 8_760, 7 * 24),
    LOGIN_MAX_FAILURES: wholeNumber('LOGIN_MAX_FAILURES', 1, 1_000_000, 10),
    LOGIN_WINDOW_MINUTES: wholeNumber('LOGIN_WINDOW_MINUTES', 1, 1_440, 15),
    LOGIN_MAX_PER_IP: wholeNumber('LOGIN_MAX_PER_IP', 1, 1_000_000, 300),
    MATERIAL_MAX_MB: wholeNumber('MATERIAL_MAX_MB', 1, 1_024, 50),
    PHOTO_MAX_MB: wholeNumber('PHOTO_MAX_MB', 1, 1_024, 5),
    LOG_LEVEL: variable.transform((v, ctx) => {
      if (v === undefined) return undefined;
      const level = v.trim().toLowerCase();
      if ((LOG_LEVELS as readonly string[]).includes(level)) return level;
      return refuse(ctx, `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} ${got(v)}`);
    }),
    LOG_FORMAT: variable.transform((v, ctx) => {
      if (v === undefined) return null;
      const format = v.trim().toLowerCase();
      if (format === 'json' || format === 'pretty') return format;
      return refuse(ctx, `LOG_FORMAT must be json or pretty ${got(v)}`);
    }),
    TRUST_PROXY: variable.transform((v, ctx) => {
      try {
        return parseTrustProxy(v);
      } catch (err) {
        if (err instanceof ConfigError) return refuse(ctx, err.message);
        throw err;
      }
    }),
    AGENCY_NAME: variable.transform((v, ctx) => {
      const name = (v ?? 'Ahente Insurance Agency').trim();
      if (name.length >= 1 && name.length <= 100 && !hasControlCharacter(name)) return name;
      return refuse(ctx, `AGENCY_NAME must be 1 to 100 characters without control characters ${got(v ?? '')}`);
    }),
    AGENCY_TIN: variable.transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return null;
      const digits = v.replace(/[\s-]/g, '');
      if (/^\d{12,14}$/.test(digits)) return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6, 9)}-${digits.slice(9)}`;
      return refuse(ctx, `AGENCY_TIN must be the TIN with its branch code, 000-000-000-000 (or a 5-digit branch) ${got(v)}`);
    }),
    AGENCY_ADDRESS: variable.transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return null;
      const address = v.trim();
      if (address.length <= 200 && !hasControlCharacter(address)) return address;
      return refuse(ctx, `AGENCY_ADDRESS must be at most 200 characters without control characters ${got(v)}`);
    }),
    AGENCY_RDO: variable.transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return null;
      const rdo = v.trim().toUpperCase();
      if (/^\d{2,3}[A-Z]?$/.test(rdo)) return rdo;
      return refuse(ctx, `AGENCY_RDO must be a BIR revenue district office code such as 050 or 21B ${got(v)}`);
    }),
    CSRF_SECRET: variable.transform((v, ctx) => {
      if (v === undefined || v.length >= 32) return v;
      return refuse(ctx, 'CSRF_SECRET must be at least 32 characters');
    }),
    // Its password is never echoed: a message shows the scheme and the host only.
    SMTP_URL: variable.transform((v, ctx) => {
      if (v === undefined) return null;
      const text = v.trim();
      let url: URL | null = null;
      try {
        url = new URL(text);
      } catch {
        url = null;
      }
      if (url && (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '' && !hasControlCharacter(text)) return text;
      return refuse(
        ctx,
        `SMTP_URL must be smtp://host:587 or smtps://user:password@host:465 (a password with @ : / written as %40 %3A %2F) ${got(smtpUrlShown(text))}`,
      );
    }),
    MAIL_FROM: variable.transform((v, ctx) => {
      if (v === undefined) return null;
      return parseMailFrom(v) ?? refuse(ctx, `MAIL_FROM must be an e-mail address or Name <address> ${got(v)}`);
    }),
    DAILY_JOB_CRON: variable.transform((v, ctx) => {
      const pattern = (v ?? DEFAULT_DAILY_JOB_CRON).trim();
      if (isCronPattern(pattern)) return pattern;
      return refuse(
        ctx,
        `DAILY_JOB_CRON must be a cron pattern in Manila time, minute hour day month weekday, such as "0 6 * * *" ${got(v ?? '')}`,
      );
    }),
    ADMIN_2FA: variable.transform((v, ctx) => {
      const mode = (v ?? 'required').trim().toLowerCase();
      if (mode === 'required' || mode === 'optional') return mode;
      return refuse(ctx, `ADMIN_2FA must be required or optional ${got(v ?? '')}`);
    }),
    API_DOCS: variable.transform((v, ctx) => {
      if (v === undefined) return null;
      const mode = v.trim().toLowerCase();
      if (mode === 'public' || mode === 'admin') return mode;
      return refuse(ctx, `API_DOCS must be public or admin ${got(v)}`);
    }),
    SIGNUP_MAX_PER_HOUR: wholeNumber('SIGNUP_MAX_PER_HOUR', 1, 1_000_000, 50),
    RETENTION_READ_NOTIFICATIONS_DAYS: wholeNumber('RETENTION_READ_NOTIFICATIONS_DAYS', 1, 36_500, 90),
    RETENTION_OUTBOX_DAYS: wholeNumber('RETENTION_OUTBOX_DAYS', 1, 36_500, 30),
    RETENTION_ACCESS_LOG_YEARS: wholeNumber('RETENTION_ACCESS_LOG_YEARS', 1, 100, 5),
    RETENTION_BOOKS_YEARS: wholeNumber('RETENTION_BOOKS_YEARS', 5, 100, 5),
    IDEMPOTENCY_KEY_HOURS: wholeNumber('IDEMPOTENCY_KEY_HOURS', 1, 8_760, 24),
    ORPHAN_FILE_GRACE_SECONDS: wholeNumber('ORPHAN_FILE_GRACE_SECONDS', 1, 604_800, 3_600),
    PORTAL_URL: variable.transform((v, ctx) => {
      if (v === undefined) return null;
      const text = v.trim();
      const url = httpUrl(text);
      if (url && url.username === '' && url.password === '' && url.search === '' && url.hash === '' && !hasControlCharacter(text)) {
        return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
      }
      return refuse(ctx, `PORTAL_URL must be the portal's address, such as https://ahente.example.ph ${got(withoutPassword(text))}`);
    }),
  })
  .transform((env, ctx): Config => {
    const relaxed = env.NODE_ENV === 'development' || env.NODE_ENV === 'test';
    // The direct URL bypasses a pooler in front of PostgreSQL: SQLite has none (decision 032).
    if (env.DATABASE_DIRECT_URL !== null && env.DATABASE_URL.startsWith('sqlite:')) {
      refuse(ctx, 'DATABASE_DIRECT_URL is for PostgreSQL only: unset it, or set DATABASE_URL to postgres://…');
    }
    // With e-mail on, a sender and the portal's address are needed; the sender may default to the
    // SMTP user when that is an e-mail address (as Gmail and most hosted mail require anyway).
    let mailFrom = env.MAIL_FROM;
    if (env.SMTP_URL !== null) {
      if (mailFrom === null) {
        const user = decodeURIComponentSafe(new URL(env.SMTP_URL).username);
        if (MAIL_ADDRESS.test(user)) mailFrom = { name: '', address: user };
        else refuse(ctx, 'MAIL_FROM is required when SMTP_URL is set (the sender of the e-mails, e.g. Ahente <no-reply@agency.ph>)');
      }
      if (env.PORTAL_URL === null) {
        refuse(
          ctx,
          "PORTAL_URL is required when SMTP_URL is set (the portal's address for the links in e-mails, e.g. https://ahente.agency.ph)",
        );
      }
    }
    // The S3 settings: read only with STORAGE_URL=s3://…, the two keys together or neither.
    const s3Variables = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const).filter(
      (name) => env[name] !== null && env[name] !== undefined,
    );
    if (env.STORAGE_URL === null && s3Variables.length > 0) {
      refuse(
        ctx,
        `${s3Variables.join(', ')} ${s3Variables.length === 1 ? 'is' : 'are'} read only with STORAGE_URL=s3://bucket/prefix: set it, or unset them`,
      );
    }
    if ((env.S3_ACCESS_KEY_ID === null) !== (env.S3_SECRET_ACCESS_KEY === null)) {
      refuse(
        ctx,
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS default credentials (AWS_* variables, a profile, an instance role)',
      );
    }
    const s3: S3StorageConfig | null = env.STORAGE_URL && {
      ...env.STORAGE_URL,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION ?? 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      // MinIO, s3rver and most stores of one's own want path-style addresses; AWS wants the bucket in the host.
      forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== null,
    };
    return {
      port: env.PORT,
      host: env.HOST,
      databaseUrl: env.DATABASE_URL,
      databaseDirectUrl: env.DATABASE_DIRECT_URL,
      databasePoolSize: env.DATABASE_POOL_SIZE,
      databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS ?? true,
      databasePoolStatsFile: env.DATABASE_POOL_STATS_FILE,
      storageDir: env.STORAGE_DIR,
      s3,
      webDist: env.WEB_DIST ?? path.join(path.resolve(import.meta.dirname, '../../..'), 'apps/web/dist'),
      cookieSecure: env.COOKIE_SECURE ?? !relaxed,
      adminUsername: env.ADMIN_USERNAME,
      adminPassword: env.ADMIN_PASSWORD,
      logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
      logFormat: env.LOG_FORMAT,
      sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
      sessionAbsoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
      login: {
        maxFailures: env.LOGIN_MAX_FAILURES,
        windowMs: env.LOGIN_WINDOW_MINUTES * 60_000,
        maxPerIp: env.LOGIN_MAX_PER_IP,
      },
      uploads: { materialBytes: env.MATERIAL_MAX_MB * MB, photoBytes: env.PHOTO_MAX_MB * MB },
      trustProxy: env.TRUST_PROXY,
      csrfSecret: env.CSRF_SECRET,
      agencyName: env.AGENCY_NAME,
      agencyTin: env.AGENCY_TIN,
      agencyAddress: env.AGENCY_ADDRESS,
      agencyRdo: env.AGENCY_RDO,
      smtpUrl: env.SMTP_URL,
      // Without a name of its own, the sender is the agency.
      mailFrom: mailFrom && { name: mailFrom.name || env.AGENCY_NAME, address: mailFrom.address },
      portalUrl: env.PORTAL_URL,
      dailyJobCron: env.DAILY_JOB_CRON,
      admin2fa: env.ADMIN_2FA,
      signup: { maxPerWindow: env.SIGNUP_MAX_PER_HOUR, windowMs: 3_600_000 },
      retention: {
        readNotificationsDays: env.RETENTION_READ_NOTIFICATIONS_DAYS,
        outboxDays: env.RETENTION_OUTBOX_DAYS,
        accessLogYears: env.RETENTION_ACCESS_LOG_YEARS,
        booksYears: env.RETENTION_BOOKS_YEARS,
      },
      idempotencyKeyHours: env.IDEMPOTENCY_KEY_HOURS,
      orphanFileGraceMs: env.ORPHAN_FILE_GRACE_SECONDS * 1000,
      apiDocs: env.API_DOCS ?? (relaxed ? 'public' : 'admin'),
    };
  });

/**
 * The configuration from the environment, checked as a whole: every unusable variable is named
 * in one ConfigError (its problems joined by '; '), before anything starts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const messages = parsed.error.issues.map((issue) =>
    issue.code === 'custom' ? issue.message : `${issue.path.join('.')}: ${issue.message}`,
  );
  throw new ConfigError(messages.join('; '));
}

/** For the command-line tools: a configuration mistake is told in one line, then exit 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`Configuration error: ${err.message}`);
    process.exit(1);
  }
}
