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
  };
}
