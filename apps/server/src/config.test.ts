import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseTrustProxy, type Config } from './config.ts';

const MB = 1024 * 1024;
const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

/** What an operator gets with nothing set (NODE_ENV unset counts as production). */
const DEFAULTS: Config = {
  port: 3000,
  host: '0.0.0.0',
  databaseUrl: 'sqlite:./data/ahente.db',
  databaseDirectUrl: null,
  databasePoolSize: 10,
  databasePreparedStatements: true,
  databasePoolStatsFile: null,
  storageDir: './data/uploads',
  s3: null,
  webDist: WEB_DIST,
  cookieSecure: true,
  adminUsername: undefined,
  adminPassword: undefined,
  logLevel: 'info',
  logFormat: null,
  sessionIdleMs: 12 * 60 * 60_000,
  sessionAbsoluteMs: 7 * 24 * 3_600_000,
  login: { maxFailures: 10, windowMs: 15 * 60_000, maxPerIp: 300 },
  uploads: { materialBytes: 50 * MB, photoBytes: 5 * MB },
  trustProxy: false,
  csrfSecret: undefined,
  agencyName: 'Ahente Insurance Agency',
  agencyTin: null,
  agencyAddress: null,
  agencyRdo: null,
  smtpUrl: null,
  mailFrom: null,
  portalUrl: null,
  dailyJobCron: '0 6 * * *',
  admin2fa: 'required',
  signup: { maxPerWindow: 50, windowMs: 3_600_000 },
  retention: { readNotificationsDays: 90, outboxDays: 30, accessLogYears: 5, booksYears: 5 },
  idempotencyKeyHours: 24,
  orphanFileGraceMs: 3_600_000,
  apiDocs: 'admin',
};

/** Every variable the server reads. */
const VARIABLES = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATABASE_URL',
  'DATABASE_DIRECT_URL',
  'DATABASE_POOL_SIZE',
  'DATABASE_POOL_STATS_FILE',
  'STORAGE_DIR',
  'STORAGE_URL',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'WEB_DIST',
  'ADMIN_USERNAME',
  'ADMIN_PASSWORD',
  'COOKIE_SECURE',
  'SESSION_IDLE_MINUTES',
  'SESSION_ABSOLUTE_HOURS',
  'LOGIN_MAX_FAILURES',
  'LOGIN_WINDOW_MINUTES',
  'LOGIN_MAX_PER_IP',
  'MATERIAL_MAX_MB',
  'PHOTO_MAX_MB',
  'LOG_LEVEL',
  'LOG_FORMAT',
  'TRUST_PROXY',
  'CSRF_SECRET',
  'AGENCY_NAME',
  'AGENCY_TIN',
  'AGENCY_ADDRESS',
  'AGENCY_RDO',
  'SMTP_URL',
  'MAIL_FROM',
  'PORTAL_URL',
  'DAILY_JOB_CRON',
  'API_DOCS',
  'ORPHAN_FILE_GRACE_SECONDS',
];

/** The message loadConfig refuses the environment with (fails the test if it accepts it). */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('loadConfig: defaults', () => {
  it('uses the README defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual(DEFAULTS);
  });

  it('treats an empty value as unset, for every variable', () => {
    expect(loadConfig(Object.fromEntries(VARIABLES.map((name) => [name, ''])))).toEqual(DEFAULTS);
    expect(loadConfig({ PORT: '  ', COOKIE_SECURE: ' ' })).toEqual(DEFAULTS);
  });

  it('relaxes the cookie flag for development and test, and silences the log in tests', () => {
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ cookieSecure: false, logLevel: 'info' });
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ cookieSecure: false, logLevel: 'silent' });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ cookieSecure: true, logLevel: 'info' });
    expect(loadConfig({ NODE_ENV: 'staging' })).toMatchObject({ cookieSecure: true });
    // An explicit setting wins over NODE_ENV either way.
    expect(loadConfig({ NODE_ENV: 'test', COOKIE_SECURE: 'true', LOG_LEVEL: 'debug' })).toMatchObject({
      cookieSecure: true,
      logLevel: 'debug',
    });
    expect(loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false' })).toMatchObject({ cookieSecure: false });
    // The API docs: public in development and tests, administrators' in production (decision 008).
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe('public');
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe('public');
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe('admin');
    expect(loadConfig({ NODE_ENV: 'test', API_DOCS: 'admin' }).apiDocs).toBe('admin');
  });

  it('reads every variable it is given', () => {
    const secret = 'x'.repeat(32);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PORT: '8080',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://ahente@db.internal:6432/ahente',
        DATABASE_DIRECT_URL: ' postgres://ahente@db.internal:5432/ahente ',
        DATABASE_POOL_SIZE: '25',
        DATABASE_POOL_STATS_FILE: '/tmp/ahente-pool.json',
        STORAGE_DIR: '/srv/ahente/uploads',
        STORAGE_URL: 's3://ahente-files/prod/',
        S3_ENDPOINT: 'https://s3.example.ph/',
        S3_REGION: 'AP-SOUTHEAST-1',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCY',
        S3_FORCE_PATH_STYLE: 'false',
        WEB_DIST: '/srv/ahente/web',
        ADMIN_USERNAME: 'boss.admin',
        ADMIN_PASSWORD: 'a-long-password',
        COOKIE_SECURE: 'FALSE',
        SESSION_IDLE_MINUTES: '30',
        SESSION_ABSOLUTE_HOURS: '24',
        LOGIN_MAX_FAILURES: '5',
        LOGIN_WINDOW_MINUTES: '10',
        LOGIN_MAX_PER_IP: '100000',
        MATERIAL_MAX_MB: '100',
        PHOTO_MAX_MB: '2',
        LOG_LEVEL: 'Warn',
        LOG_FORMAT: ' JSON ',
        TRUST_PROXY: '127.0.0.1, 10.0.0.0/8',
        CSRF_SECRET: secret,
        AGENCY_NAME: '  Bayanihan Insurance Agency ',
        AGENCY_TIN: '123456789 00000',
        AGENCY_ADDRESS: ' 12 Ayala Avenue, Makati City ',
        AGENCY_RDO: '21b',
        SMTP_URL: 'smtps://ahente%40bayanihan.ph:app-pass@smtp.bayanihan.ph:465',
        MAIL_FROM: 'no-reply@bayanihan.ph',
        PORTAL_URL: 'https://ahente.bayanihan.ph/',
        DAILY_JOB_CRON: ' 30 5 * * 1-6 ',
        IDEMPOTENCY_KEY_HOURS: '48',
        ORPHAN_FILE_GRACE_SECONDS: '7200',
        API_DOCS: ' Public ',
        DATABASE_PREPARED_STATEMENTS: 'false',
      }),
    ).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://ahente@db.internal:6432/ahente',
      databaseDirectUrl: 'postgres://ahente@db.internal:5432/ahente',
      databasePoolSize: 25,
      databasePreparedStatements: false,
      databasePoolStatsFile: '/tmp/ahente-pool.json',
      storageDir: '/srv/ahente/uploads',
      s3: {
        bucket: 'ahente-files',
        prefix: 'prod',
        endpoint: 'https://s3.example.ph',
        region: 'ap-southeast-1',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCY',
        forcePathStyle: false,
      },
      webDist: '/srv/ahente/web',
      cookieSecure: false,
      adminUsername: 'boss.admin',
      adminPassword: 'a-long-password',
      logLevel: 'warn',
      logFormat: 'json',
      sessionIdleMs: 30 * 60_000,
      sessionAbsoluteMs: 24 * 3_600_000,
      login: { maxFailures: 5, windowMs: 10 * 60_000, maxPerIp: 100_000 },
      uploads: { materialBytes: 100 * MB, photoBytes: 2 * MB },
      trustProxy: ['127.0.0.1', '10.0.0.0/8'],
      csrfSecret: secret,
      agencyName: 'Bayanihan Insurance Agency',
      agencyTin: '123-456-789-00000',
      agencyAddress: '12 Ayala Avenue, Makati City',
      agencyRdo: '21B',
      smtpUrl: 'smtps://ahente%40bayanihan.ph:app-pass@smtp.bayanihan.ph:465',
      // A bare address is sent in the agency's name.
      mailFrom: { name: 'Bayanihan Insurance Agency', address: 'no-reply@bayanihan.ph' },
      portalUrl: 'https://ahente.bayanihan.ph',
      dailyJobCron: '30 5 * * 1-6',
      admin2fa: 'required',
      signup: { maxPerWindow: 50, windowMs: 3_600_000 },
      retention: { readNotificationsDays: 90, outboxDays: 30, accessLogYears: 5, booksYears: 5 },
      idempotencyKeyHours: 48,
      orphanFileGraceMs: 7_200_000,
      apiDocs: 'public',
    } satisfies Config);
  });

  it('accepts each database kind connect() opens', () => {
    for (const url of ['sqlite:./data/x.db', 'sqlite::memory:', 'postgres://u@h/db', 'postgresql://u:p@h:5432/db?sslmode=require']) {
      expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    }
  });
});

describe('loadConfig: bad values are refused, naming the variable', () => {
  it.each([
    ['PORT', 'abc', 'PORT must be a whole number from 1 to 65535 (got "abc")'],
    ['PORT', '70000', 'PORT must be a whole number from 1 to 65535 (got "70000")'],
    ['PORT', '0', 'PORT must be a whole number from 1 to 65535 (got "0")'],
    ['PORT', '80.5', 'PORT must be a whole number from 1 to 65535 (got "80.5")'],
    ['PORT', '3e3', 'PORT must be a whole number from 1 to 65535 (got "3e3")'],
    ['COOKIE_SECURE', 'maybe', 'COOKIE_SECURE must be true or false (got "maybe")'],
    ['API_DOCS', 'everyone', 'API_DOCS must be public or admin (got "everyone")'],
    ['AGENCY_NAME', 'x'.repeat(101), `AGENCY_NAME must be 1 to 100 characters without control characters (got "${'x'.repeat(101)}")`],
    ['COOKIE_SECURE', '1', 'COOKIE_SECURE must be true or false (got "1")'],
    [
      'AGENCY_TIN',
      '123-456-789',
      'AGENCY_TIN must be the TIN with its branch code, 000-000-000-000 (or a 5-digit branch) (got "123-456-789")',
    ],
    ['AGENCY_RDO', 'Makati', 'AGENCY_RDO must be a BIR revenue district office code such as 050 or 21B (got "Makati")'],
    [
      'AGENCY_ADDRESS',
      'x'.repeat(201),
      `AGENCY_ADDRESS must be at most 200 characters without control characters (got "${'x'.repeat(201)}")`,
    ],
    ['SESSION_IDLE_MINUTES', '0', 'SESSION_IDLE_MINUTES must be a whole number from 1 to 525600 (got "0")'],
    ['SESSION_IDLE_MINUTES', 'forever', 'SESSION_IDLE_MINUTES must be a whole number from 1 to 525600 (got "forever")'],
    ['SESSION_ABSOLUTE_HOURS', '-24', 'SESSION_ABSOLUTE_HOURS must be a whole number from 1 to 8760 (got "-24")'],
    ['SESSION_ABSOLUTE_HOURS', '9000', 'SESSION_ABSOLUTE_HOURS must be a whole number from 1 to 8760 (got "9000")'],
    ['IDEMPOTENCY_KEY_HOURS', '0', 'IDEMPOTENCY_KEY_HOURS must be a whole number from 1 to 8760 (got "0")'],
    ['IDEMPOTENCY_KEY_HOURS', 'a day', 'IDEMPOTENCY_KEY_HOURS must be a whole number from 1 to 8760 (got "a day")'],
    ['ORPHAN_FILE_GRACE_SECONDS', '0', 'ORPHAN_FILE_GRACE_SECONDS must be a whole number from 1 to 604800 (got "0")'],
    ['ORPHAN_FILE_GRACE_SECONDS', '1h', 'ORPHAN_FILE_GRACE_SECONDS must be a whole number from 1 to 604800 (got "1h")'],
    ['LOGIN_MAX_FAILURES', '-1', 'LOGIN_MAX_FAILURES must be a whole number from 1 to 1000000 (got "-1")'],
    ['LOGIN_MAX_FAILURES', '0', 'LOGIN_MAX_FAILURES must be a whole number from 1 to 1000000 (got "0")'],
    ['LOGIN_WINDOW_MINUTES', '1.5', 'LOGIN_WINDOW_MINUTES must be a whole number from 1 to 1440 (got "1.5")'],
    ['LOGIN_MAX_PER_IP', 'lots', 'LOGIN_MAX_PER_IP must be a whole number from 1 to 1000000 (got "lots")'],
    ['MATERIAL_MAX_MB', '0', 'MATERIAL_MAX_MB must be a whole number from 1 to 1024 (got "0")'],
    ['MATERIAL_MAX_MB', '50MB', 'MATERIAL_MAX_MB must be a whole number from 1 to 1024 (got "50MB")'],
    ['PHOTO_MAX_MB', '2048', 'PHOTO_MAX_MB must be a whole number from 1 to 1024 (got "2048")'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
    ['LOG_FORMAT', 'colour', 'LOG_FORMAT must be json or pretty (got "colour")'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL must be sqlite:<file> or postgres://user@host:5432/db (got "mysql://x")'],
    ['DATABASE_URL', 'sqlite:', 'DATABASE_URL must be sqlite:<file> or postgres://user@host:5432/db (got "sqlite:")'],
    ['DATABASE_URL', './data/ahente.db', 'DATABASE_URL must be sqlite:<file> or postgres://user@host:5432/db (got "./data/ahente.db")'],
    ['DATABASE_POOL_SIZE', '0', 'DATABASE_POOL_SIZE must be a whole number from 1 to 200 (got "0")'],
    ['DATABASE_DIRECT_URL', 'sqlite:./x.db', 'DATABASE_DIRECT_URL must be postgres://user@host:5432/db (got "sqlite:./x.db")'],
    ['DATABASE_DIRECT_URL', 'db.internal:5432', 'DATABASE_DIRECT_URL must be postgres://user@host:5432/db (got "db.internal:5432")'],
    ['ADMIN_USERNAME', 'a b', 'ADMIN_USERNAME must be 3 to 50 letters, digits, dots, dashes or underscores (got "a b")'],
    [
      'ADMIN_USERNAME',
      'boss@agency.ph',
      'ADMIN_USERNAME must be 3 to 50 letters, digits, dots, dashes or underscores (got "boss@agency.ph")',
    ],
    ['ADMIN_PASSWORD', 'short', 'ADMIN_PASSWORD must be 8 to 200 characters (it has 5)'],
    ['CSRF_SECRET', 'too-short', 'CSRF_SECRET must be at least 32 characters'],
    [
      'DAILY_JOB_CRON',
      '6am',
      'DAILY_JOB_CRON must be a cron pattern in Manila time, minute hour day month weekday, such as "0 6 * * *" (got "6am")',
    ],
    [
      'DAILY_JOB_CRON',
      '0 25 * * *',
      'DAILY_JOB_CRON must be a cron pattern in Manila time, minute hour day month weekday, such as "0 6 * * *" (got "0 25 * * *")',
    ],
  ])('%s=%j', (name, value, message) => {
    expect(refusal({ [name]: value })).toBe(message);
  });

  it('tells every bad variable at once', () => {
    expect(refusal({ PORT: 'abc', LOG_LEVEL: 'loud', COOKIE_SECURE: 'maybe' })).toBe(
      [
        'PORT must be a whole number from 1 to 65535 (got "abc")',
        'COOKIE_SECURE must be true or false (got "maybe")',
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      ].join('; '),
    );
  });

  it('never repeats a secret in its message', () => {
    expect(refusal({ ADMIN_PASSWORD: 'hunter2' })).not.toContain('hunter2');
    expect(refusal({ CSRF_SECRET: 'my-secret' })).not.toContain('my-secret');
    const message = refusal({ DATABASE_URL: 'mysql://ahente:s3cret-pw@db/ahente' });
    expect(message).not.toContain('s3cret-pw');
    expect(message).toContain('mysql://ahente:…@db/ahente');
    const direct = refusal({ DATABASE_URL: 'postgres://u@h/db', DATABASE_DIRECT_URL: 'mysql://ahente:s3cret-pw@db/ahente' });
    expect(direct).not.toContain('s3cret-pw');
  });

  it('refuses DATABASE_DIRECT_URL with SQLite (decision 032)', () => {
    expect(refusal({ DATABASE_DIRECT_URL: 'postgres://ahente@db.internal:5432/ahente' })).toBe(
      'DATABASE_DIRECT_URL is for PostgreSQL only: unset it, or set DATABASE_URL to postgres://…',
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://u@pgbouncer:6432/db', DATABASE_DIRECT_URL: 'postgresql://u@pg:5432/db' })).toMatchObject({
      databaseUrl: 'postgres://u@pgbouncer:6432/db',
      databaseDirectUrl: 'postgresql://u@pg:5432/db',
    });
  });
});

describe('e-mail: SMTP_URL, MAIL_FROM, PORTAL_URL', () => {
  const on = { SMTP_URL: 'smtp://mail.agency.ph:587', MAIL_FROM: 'Ahente <no-reply@agency.ph>', PORTAL_URL: 'https://ahente.agency.ph' };

  it('is off when SMTP_URL is unset, whatever else is set', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: null, mailFrom: null, portalUrl: null });
    expect(loadConfig({ PORTAL_URL: 'https://ahente.agency.ph' })).toMatchObject({ smtpUrl: null, portalUrl: 'https://ahente.agency.ph' });
  });

  it('takes smtp:// and smtps:// with or without a user, and options after ?', () => {
    for (const url of [
      'smtp://mail.agency.ph:587',
      'smtp://localhost:25',
      'smtps://user:p%40ss%2Fword@smtp.agency.ph:465',
      'smtp://user:pw@[::1]:2525?tls.rejectUnauthorized=false',
    ]) {
      expect(loadConfig({ ...on, SMTP_URL: url }).smtpUrl).toBe(url);
    }
  });

  it('reads MAIL_FROM as an address or Name <address>', () => {
    expect(loadConfig(on).mailFrom).toEqual({ name: 'Ahente', address: 'no-reply@agency.ph' });
    expect(loadConfig({ ...on, MAIL_FROM: '"Bayanihan Agency, Makati" <ahente@bayanihan.ph>' }).mailFrom).toEqual({
      name: 'Bayanihan Agency, Makati',
      address: 'ahente@bayanihan.ph',
    });
    expect(loadConfig({ ...on, MAIL_FROM: ' <ahente@bayanihan.ph> ', AGENCY_NAME: 'Bayanihan' }).mailFrom).toEqual({
      name: 'Bayanihan',
      address: 'ahente@bayanihan.ph',
    });
  });

  it('derives MAIL_FROM from an SMTP user that is an e-mail address, in the agency name', () => {
    expect(loadConfig({ ...on, MAIL_FROM: undefined, SMTP_URL: 'smtps://ahente%40agency.ph:pw@smtp.gmail.com:465' }).mailFrom).toEqual({
      name: 'Ahente Insurance Agency',
      address: 'ahente@agency.ph',
    });
  });

  it('keeps PORTAL_URL as the origin and path, without a trailing slash', () => {
    expect(loadConfig({ ...on, PORTAL_URL: 'https://Ahente.Agency.ph/' }).portalUrl).toBe('https://ahente.agency.ph');
    expect(loadConfig({ ...on, PORTAL_URL: 'https://agency.ph/ahente/' }).portalUrl).toBe('https://agency.ph/ahente');
    expect(loadConfig({ ...on, PORTAL_URL: 'http://192.168.1.10:3000' }).portalUrl).toBe('http://192.168.1.10:3000');
  });

  it('needs a sender and the portal address when SMTP_URL is set', () => {
    expect(refusal({ SMTP_URL: 'smtp://mail.agency.ph:587' })).toBe(
      [
        'MAIL_FROM is required when SMTP_URL is set (the sender of the e-mails, e.g. Ahente <no-reply@agency.ph>)',
        "PORTAL_URL is required when SMTP_URL is set (the portal's address for the links in e-mails, e.g. https://ahente.agency.ph)",
      ].join('; '),
    );
    expect(refusal({ ...on, PORTAL_URL: ' ' })).toMatch(/^PORTAL_URL is required when SMTP_URL is set/);
    // A user that is not an address gives no sender to derive.
    expect(refusal({ ...on, MAIL_FROM: '', SMTP_URL: 'smtp://mailer:pw@mail.agency.ph' })).toMatch(
      /^MAIL_FROM is required when SMTP_URL is set/,
    );
  });

  it.each([
    [
      'SMTP_URL',
      'mail.agency.ph:587',
      'SMTP_URL must be smtp://host:587 or smtps://user:password@host:465 (a password with @ : / written as %40 %3A %2F) (got "mail.agency.ph:587")',
    ],
    [
      'SMTP_URL',
      'http://mail.agency.ph',
      'SMTP_URL must be smtp://host:587 or smtps://user:password@host:465 (a password with @ : / written as %40 %3A %2F) (got "http://mail.agency.ph")',
    ],
    [
      'SMTP_URL',
      'smtp://',
      'SMTP_URL must be smtp://host:587 or smtps://user:password@host:465 (a password with @ : / written as %40 %3A %2F) (got "smtp://")',
    ],
    ['MAIL_FROM', 'Ahente', 'MAIL_FROM must be an e-mail address or Name <address> (got "Ahente")'],
    ['MAIL_FROM', 'Ahente <no-reply>', 'MAIL_FROM must be an e-mail address or Name <address> (got "Ahente <no-reply>")'],
    ['MAIL_FROM', 'a@b@agency.ph', 'MAIL_FROM must be an e-mail address or Name <address> (got "a@b@agency.ph")'],
    [
      'MAIL_FROM',
      'Ahente\r\nBcc: x@y.ph <a@agency.ph>',
      'MAIL_FROM must be an e-mail address or Name <address> (got "Ahente\\r\\nBcc: x@y.ph <a@agency.ph>")',
    ],
    [
      'PORTAL_URL',
      'ahente.agency.ph',
      `PORTAL_URL must be the portal's address, such as https://ahente.example.ph (got "ahente.agency.ph")`,
    ],
    [
      'PORTAL_URL',
      'ftp://ahente.agency.ph',
      `PORTAL_URL must be the portal's address, such as https://ahente.example.ph (got "ftp://ahente.agency.ph")`,
    ],
    [
      'PORTAL_URL',
      'https://ahente.agency.ph/?ref=mail',
      `PORTAL_URL must be the portal's address, such as https://ahente.example.ph (got "https://ahente.agency.ph/?ref=mail")`,
    ],
  ])('%s=%j', (name, value, message) => {
    expect(refusal({ ...on, [name]: value })).toBe(message);
  });

  it('never shows the SMTP password or a PORTAL_URL password in a message', () => {
    for (const url of ['http://mailer:s3cret-pw@mail.agency.ph', 'smtp://mailer:s3cret/pw@mail.agency.ph', 'smtp://mailer:s3cret@pw@']) {
      const message = refusal({ ...on, SMTP_URL: url });
      expect(message).not.toContain('s3cret');
      expect(message).toContain('…@');
    }
    const portal = refusal({ ...on, PORTAL_URL: 'https://admin:s3cret-pw@ahente.agency.ph' });
    expect(portal).not.toContain('s3cret-pw');
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless proxies are named', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseTrustProxy('  ')).toBe(false);
  });

  it('takes addresses, CIDR ranges and proxy-addr range names', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,::1, fd00::/8 ,loopback,linklocal,uniquelocal' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
      'linklocal',
      'uniquelocal',
    ]);
  });

  it.each([
    ['true', /^TRUST_PROXY=true would trust any X-Forwarded-For a client sends/],
    ['2', /^TRUST_PROXY=2: a hop count cannot tell a proxy from a client/],
    ['maybe', /^TRUST_PROXY: "maybe" is not an IP address or CIDR range/],
    ['10.0.0.0/33', /^TRUST_PROXY: "10.0.0.0\/33" is not an IP address or CIDR range/],
    ['::1/129', /^TRUST_PROXY: "::1\/129" is not an IP address or CIDR range/],
    ['300.1.1.1', /^TRUST_PROXY: "300.1.1.1" is not an IP address or CIDR range/],
    ['127.0.0.1,', /^TRUST_PROXY: "" is not an IP address or CIDR range/],
    ['10.0.0.0/8/8', /^TRUST_PROXY: "10.0.0.0\/8\/8" is not an IP address or CIDR range/],
  ])('refuses %j with a message that says what to write instead', (value, message) => {
    expect(refusal({ TRUST_PROXY: value })).toMatch(message);
    expect(refusal({ TRUST_PROXY: value })).toMatch(/e\.g\. TRUST_PROXY=127\.0\.0\.1/);
    expect(() => parseTrustProxy(value)).toThrow(ConfigError);
  });
});

describe('file storage: STORAGE_URL and the S3 variables', () => {
  const s3 = (env: NodeJS.ProcessEnv) => loadConfig(env).s3;

  it('keeps files on local disk unless STORAGE_URL names a bucket', () => {
    expect(loadConfig({ STORAGE_DIR: '/srv/files' })).toMatchObject({ storageDir: '/srv/files', s3: null });
  });

  it('reads a bucket and an optional prefix, on AWS with its default credentials unless told', () => {
    expect(s3({ STORAGE_URL: 's3://ahente-files' })).toEqual({
      bucket: 'ahente-files',
      prefix: '',
      endpoint: null,
      region: 'us-east-1',
      accessKeyId: null,
      secretAccessKey: null,
      forcePathStyle: false,
    });
    expect(s3({ STORAGE_URL: ' s3://my.bucket-1/agency/uploads/ ' })).toMatchObject({ bucket: 'my.bucket-1', prefix: 'agency/uploads' });
  });

  it('uses path-style addresses with an endpoint of its own (MinIO, s3rver) unless told otherwise', () => {
    const minio = {
      STORAGE_URL: 's3://ahente',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
    };
    expect(s3(minio)).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      accessKeyId: 'minio',
      secretAccessKey: 'minio-secret',
    });
    expect(s3({ ...minio, S3_FORCE_PATH_STYLE: 'FALSE' })).toMatchObject({ forcePathStyle: false });
    expect(s3({ STORAGE_URL: 's3://ahente', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({ endpoint: null, forcePathStyle: true });
  });

  it.each([
    ['STORAGE_URL', 'file:///srv/uploads'],
    ['STORAGE_URL', 's3://'],
    ['STORAGE_URL', 's3://Ahente_Files/x'],
    ['STORAGE_URL', 's3://ab'],
    ['STORAGE_URL', 's3://ahente/../other'],
    ['STORAGE_URL', 's3://ahente/prefix?x=1'],
    ['STORAGE_URL', 'ahente-files'],
  ])('refuses %s=%j, naming the form it takes', (name, value) => {
    expect(refusal({ [name]: value })).toBe(
      `STORAGE_URL must be s3://bucket or s3://bucket/prefix (a bucket name of lower-case letters, digits, dots and dashes; unset, files stay on local disk in STORAGE_DIR) (got ${JSON.stringify(value)})`,
    );
  });

  it.each([
    [
      'S3_ENDPOINT',
      '127.0.0.1:9000',
      'S3_ENDPOINT must be the store\'s address, such as https://s3.example.ph or http://127.0.0.1:9000 (credentials go in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY) (got "127.0.0.1:9000")',
    ],
    ['S3_REGION', 'Manila 1', 'S3_REGION must be a region name such as us-east-1 or ap-southeast-1 (got "Manila 1")'],
    ['S3_FORCE_PATH_STYLE', 'yes', 'S3_FORCE_PATH_STYLE must be true or false (got "yes")'],
    ['S3_ACCESS_KEY_ID', 'has space', 'S3_ACCESS_KEY_ID must be 1 to 128 characters without spaces (it has 9)'],
  ])('refuses %s=%j', (name, value, message) => {
    expect(refusal({ STORAGE_URL: 's3://ahente', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', [name]: value })).toBe(message);
  });

  it('wants both keys or neither, and S3 settings only with an s3:// STORAGE_URL', () => {
    const both =
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS default credentials (AWS_* variables, a profile, an instance role)';
    expect(refusal({ STORAGE_URL: 's3://ahente', S3_ACCESS_KEY_ID: 'id' })).toBe(both);
    expect(refusal({ STORAGE_URL: 's3://ahente', S3_SECRET_ACCESS_KEY: 'secret' })).toBe(both);
    expect(refusal({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toBe(
      'S3_ENDPOINT is read only with STORAGE_URL=s3://bucket/prefix: set it, or unset them',
    );
    expect(refusal({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'true' })).toBe(
      'S3_REGION, S3_FORCE_PATH_STYLE are read only with STORAGE_URL=s3://bucket/prefix: set it, or unset them',
    );
  });

  it('never shows a secret key or credentials written into a URL', () => {
    const secret = 'wJalrXUtnFEMI K7MDENG';
    const message = refusal({ STORAGE_URL: 's3://ahente', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: secret });
    expect(message).toBe('S3_SECRET_ACCESS_KEY must be 1 to 128 characters without spaces (it has 21)');
    expect(refusal({ STORAGE_URL: 's3://id:s3cret-key@ahente' })).not.toContain('s3cret-key');
    expect(refusal({ STORAGE_URL: 's3://ahente', S3_ENDPOINT: 'https://id:s3cret-key@s3.example.ph' })).not.toContain('s3cret-key');
  });
});
