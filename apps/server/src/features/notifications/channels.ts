import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

/**
 * The channels the outbox delivers on (decision 026). A row of the outbox names its channel
 * ('email' today); the sender loop hands the row to the channel of that name. An SMS gateway is a
 * second Channel named 'sms' whose recipient is a mobile number: the events, notify() and the
 * sender loop stay as they are.
 */
export interface OutgoingMessage {
  /** An e-mail address for 'email' (a mobile number for an SMS channel). */
  recipient: string;
  subject: string;
  body: string;
}

export interface Channel {
  readonly name: string;
  /** Resolves once the gateway accepted the message; rejects (any error) when it did not. */
  send(message: OutgoingMessage, options?: { signal?: AbortSignal }): Promise<void>;
  close(): void;
}

export interface EmailChannelOptions {
  /** smtp:// or smtps://, with the user and password (config SMTP_URL). */
  smtpUrl: string;
  from: { name: string; address: string };
  /** Milliseconds to connect (DNS and TCP), to get the greeting, and of silence on the socket. */
  timeouts?: { connection: number; greeting: number; socket: number };
}

/**
 * E-mail through any SMTP server, with nodemailer: plain text, from the agency's sender, one
 * connection per message (no idle pooled connection to keep alive for a handful of mails a day).
 * Nodemailer's own logger stays off: it would print addresses and the conversation.
 */
export function createEmailChannel(options: EmailChannelOptions): Channel {
  const timeouts = options.timeouts ?? { connection: 15_000, greeting: 15_000, socket: 30_000 };
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.greeting,
    socketTimeout: timeouts.socket,
    logger: false,
    debug: false,
  });
  return {
    name: 'email',
    async send(message, sendOptions = {}) {
      await transport.sendMail({
        from: { name: options.from.name, address: options.from.address },
        to: message.recipient,
        subject: message.subject,
        text: message.body,
        // Tells mail servers and vacation responders that no one should answer it (RFC 3834).
        headers: { 'Auto-Submitted': 'auto-generated' },
        ...(sendOptions.signal ? { signal: sendOptions.signal } : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}

/** The channels the configuration sets up: e-mail when SMTP_URL is set, none otherwise (in-app only). */
export function channelsFromConfig(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Channel[] {
  if (config.smtpUrl === null || config.mailFrom === null) return [];
  return [createEmailChannel({ smtpUrl: config.smtpUrl, from: config.mailFrom })];
}

/** Anything that looks like an e-mail address: a reply may echo the recipient's. */
const ADDRESS = /[^\s<>()"',;:[\]]+@[^\s<>()"',;:[\]]+/g;

/**
 * What the outbox keeps and the log prints of a failed delivery: nodemailer's error code, the
 * SMTP reply code and the first line of the reply, every e-mail address in it replaced, at most
 * 300 characters. Never the error object itself: nodemailer attaches the rejected addresses.
 */
export function describeDeliveryError(err: unknown): string {
  const e = (typeof err === 'object' && err !== null ? err : {}) as {
    code?: unknown;
    responseCode?: unknown;
    response?: unknown;
    message?: unknown;
  };
  const code = typeof e.code === 'string' ? e.code : null;
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : null;
  const text = typeof e.response === 'string' && e.response !== '' ? e.response : typeof e.message === 'string' ? e.message : String(err);
  const firstLine = (text.split(/\r?\n/)[0] ?? '').replace(ADDRESS, '[address]').trim();
  const head = [code, responseCode !== null && !firstLine.startsWith(String(responseCode)) ? String(responseCode) : null]
    .filter(Boolean)
    .join(' ');
  return (head ? `${head}: ${firstLine}` : firstLine).slice(0, 300) || 'unknown error';
}
