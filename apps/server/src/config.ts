import net from 'node:net';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  storageDir: string;
  webDist: string | null;
  cookieSecure: boolean;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
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
}

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

function csrfSecretOf(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < 32) throw new ConfigError('CSRF_SECRET must be at least 32 characters');
  return value;
}

const num = (v: string | undefined, fallback: number) => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) ? n : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'production';
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  return {
    port: num(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL ?? 'sqlite:./data/ahente.db',
    storageDir: env.STORAGE_DIR ?? './data/uploads',
    webDist: env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
    cookieSecure: env.COOKIE_SECURE
      ? env.COOKIE_SECURE === 'true'
      : !['development', 'test'].includes(nodeEnv),
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    sessionIdleMs: num(env.SESSION_IDLE_MINUTES, 12 * 60) * 60_000,
    sessionAbsoluteMs: num(env.SESSION_ABSOLUTE_HOURS, 7 * 24) * 3_600_000,
    login: {
      maxFailures: num(env.LOGIN_MAX_FAILURES, 10),
      windowMs: num(env.LOGIN_WINDOW_MINUTES, 15) * 60_000,
      maxPerIp: num(env.LOGIN_MAX_PER_IP, 300),
    },
    uploads: {
      materialBytes: num(env.MATERIAL_MAX_MB, 50) * 1024 * 1024,
      photoBytes: num(env.PHOTO_MAX_MB, 5) * 1024 * 1024,
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    csrfSecret: csrfSecretOf(env.CSRF_SECRET),
  };
}
