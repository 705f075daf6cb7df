import type { FastifyServerOptions } from 'fastify';

/** Paths pino blanks out: passwords, cookies, tokens and personal numbers never reach a log. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  // @fastify/multipart logs the parser's options, the request's headers among them, at trace level
  // (found by log-secrets.test.ts; decision 001).
  'busboyOptions.headers.cookie',
  'busboyOptions.headers.authorization',
  'busboyOptions.headers["x-xsrf-token"]',
  'password',
  '*.password',
  'password_hash',
  '*.password_hash',
  'token',
  '*.token',
  'contact_no',
  '*.contact_no',
  'account_number',
  '*.account_number',
  'tin',
  '*.tin',
  // The SMTP_URL holds the mail server's password; an outbox row's recipient is an address (decision 026).
  'smtpUrl',
  '*.smtpUrl',
  'recipient',
  '*.recipient',
];

export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // Only the path: query strings may carry personal data. The client address (as the trusted
      // proxies name it) lets an action be traced; the member id joins once the session is known.
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        id: req.id,
        ip: req.ip,
      }),
    },
  };
}
