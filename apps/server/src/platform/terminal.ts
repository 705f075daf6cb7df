import { Writable } from 'node:stream';

/**
 * What the server writes for a person at a terminal (decision 002): its log as a line of text per
 * entry instead of pino's JSON, and the framed notice of the administrator created at first start.
 */

/** pino's level numbers, as the pretty log names them. */
const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: 'TRACE', color: '90' },
  20: { name: 'DEBUG', color: '90' },
  30: { name: 'INFO', color: '32' },
  40: { name: 'WARN', color: '33' },
  50: { name: 'ERROR', color: '31' },
  60: { name: 'FATAL', color: '35' },
};

/** Fields every entry carries, or that the line shows in its own place. */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err']);

function value(v: unknown): string {
  if (typeof v === 'string') return /^[^\s"=]+$/.test(v) ? v : JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  return JSON.stringify(v);
}

/** One field: a request as its method and path, an answer as its status, anything else as key=value. */
function field(key: string, v: unknown): string {
  if (key === 'req' && v && typeof v === 'object' && 'method' in v && 'url' in v) {
    const { method, url, ...rest } = v as Record<string, unknown>;
    const more = Object.entries(rest).filter(([, x]) => x !== undefined);
    return `${String(method)} ${String(url)}${more.length ? ` ${more.map(([k, x]) => `${k}=${value(x)}`).join(' ')}` : ''}`;
  }
  if (key === 'res' && v && typeof v === 'object' && 'statusCode' in v) return `→ ${String((v as { statusCode: unknown }).statusCode)}`;
  if (key === 'responseTime' && typeof v === 'number') return `in ${v.toFixed(1)} ms`;
  return `${key}=${value(v)}`;
}

/**
 * One of pino's JSON lines as text: `09:41:07 INFO  message  field=value …` (Manila time), an error's stack on the
 * lines below. A line that is not pino's JSON is passed on unchanged. Redaction happened before: the
 * JSON this reads is what the JSON log would have held.
 */
export function prettyLogLine(line: string, options: { color: boolean }): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  if (!entry || typeof entry !== 'object' || typeof entry.level !== 'number') return line.endsWith('\n') ? line : `${line}\n`;
  const level = LEVELS[entry.level] ?? { name: String(entry.level), color: '0' };
  // Manila's clock, the agency's (UTC+8, no daylight saving), whatever the machine's zone.
  const clock = new Date((typeof entry.time === 'number' ? entry.time : Date.now()) + 8 * 3_600_000).toISOString().slice(11, 19);
  const name = level.name.padEnd(5);
  const paint = (code: string, text: string) => (options.color ? `\x1b[${code}m${text}\x1b[0m` : text);
  const fields = Object.entries(entry)
    .filter(([key, v]) => !SHOWN_APART.has(key) && v !== undefined)
    .map(([key, v]) => field(key, v));
  let text = `${paint('90', clock)} ${paint(level.color, name)} ${typeof entry.msg === 'string' ? entry.msg : ''}`;
  if (fields.length) text += `  ${paint('90', fields.join('  '))}`;
  const err = entry.err as { stack?: unknown; message?: unknown } | undefined;
  if (err && typeof err === 'object') {
    const detail = typeof err.stack === 'string' ? err.stack : typeof err.message === 'string' ? err.message : JSON.stringify(err);
    text += `\n${detail
      .split('\n')
      .map((l) => `    ${l}`)
      .join('\n')}`;
  }
  return `${text}\n`;
}

/**
 * A destination for pino (Fastify's `logger.stream`) that writes each entry to `out` as
 * prettyLogLine's text, at once (pino writes one whole line per call).
 */
export function prettyLogStream(out: { write(text: string): unknown }, options: { color: boolean }): Writable {
  return new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      out.write(prettyLogLine(chunk.toString(), options));
      done();
    },
  });
}

/**
 * Whether the log is written as text: LOG_FORMAT when set, else when standard output is a terminal
 * (a process manager or a container's log collector gets pino's JSON, one object a line, unchanged).
 */
export function logIsPretty(format: 'json' | 'pretty' | null, stdout: { isTTY?: boolean }): boolean {
  return format === null ? stdout.isTTY === true : format === 'pretty';
}

/** Text lines inside a box drawn with box-drawing characters, two spaces in from the left. */
export function framed(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const rule = '─'.repeat(width);
  const row = (l: string) => `  │  ${l.padEnd(width - 4)}  │`;
  return [`  ┌${rule}┐`, row(''), ...lines.map(row), row(''), `  └${rule}┘`].join('\n');
}

/**
 * The administrator `npm start` created with a password of its own: shown once, framed, after the
 * lines that say where the server listens, with the next step. Written to the terminal by main.ts,
 * never through the logger (log-secrets.test.ts).
 */
export function firstAdminNotice(admin: { username: string; password: string; url: string }): string {
  return `\n${framed([
    'No administrator existed, so one was created:',
    '',
    `  Username  ${admin.username}`,
    `  Password  ${admin.password}`,
    '',
    'It is shown this once and is in no log.',
    `Next: open ${admin.url}, log in,`,
    'then turn on two-factor sign-in;',
    'then Settings → Security → Change password.',
  ])}\n\n`;
}

/** The address a person at this machine opens: PORTAL_URL when set, else the port on localhost. */
export function localUrl(options: { portalUrl: string | null; host: string; port: number }): string {
  if (options.portalUrl) return options.portalUrl;
  const host = ['0.0.0.0', '::', ''].includes(options.host) ? 'localhost' : options.host.includes(':') ? `[${options.host}]` : options.host;
  return `http://${host}:${options.port}`;
}
