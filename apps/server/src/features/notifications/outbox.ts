import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { hasRowLocks } from '../../db/locks.ts';
import { describeDeliveryError, type Channel } from './channels.ts';
import { notificationsRepository as repo, type ClaimedMessage } from './repository.ts';

/** The sender loop's numbers (decision 026). */
export const OUTBOX = {
  /** How often the loop looks for due messages. */
  intervalMs: 10_000,
  /** Messages claimed at a time. */
  batchSize: 5,
  /** How long a claim keeps other senders off a message; a batch stops taking new sends at half of it. */
  leaseMs: 5 * 60_000,
  /** The longest one send may take (connect, greeting and data), then it counts as failed. */
  sendTimeoutMs: 60_000,
  /** Attempts before a message is given up (marked failed): the last is about 20 hours after the first. */
  maxAttempts: 12,
  /** The wait after the first failure, doubled after each, at most maxDelayMs. */
  firstDelayMs: 60_000,
  maxDelayMs: 6 * 3_600_000,
  /** Sent messages are forgotten after a week, failed ones after 30 days (mailstatus counts those kept). */
  keepSentMs: 7 * 24 * 3_600_000,
  keepFailedMs: 30 * 24 * 3_600_000,
  /** How often the old ones are purged. */
  purgeEveryMs: 3_600_000,
};

/** The wait before the next attempt after `attempts` failed ones: 1, 2, 4 … minutes, at most 6 hours. */
export function retryDelayMs(attempts: number, numbers: Pick<typeof OUTBOX, 'firstDelayMs' | 'maxDelayMs'> = OUTBOX): number {
  return Math.min(numbers.firstDelayMs * 2 ** Math.max(0, attempts - 1), numbers.maxDelayMs);
}

/** The part of pino's logger the loop uses. */
export interface SenderLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RunResult {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
}

export interface OutboxSenderOptions {
  /** The channels that are set up; rows of other channels wait (e.g. e-mail turned off since). */
  channels: Channel[];
  log: SenderLog;
  now?: () => Date;
  numbers?: Partial<typeof OUTBOX>;
}

/**
 * The sender loop (decision 026): in the server process, every few seconds it claims due messages
 * of the outbox (repository.claimDue: a lease, FOR UPDATE SKIP LOCKED on PostgreSQL), sends them
 * outside any transaction, and marks each sent, or due again after a backoff, or failed after the
 * last attempt. With several instances each message is claimed by one of them, so sent once. Its
 * errors are logged, never thrown out of the loop: a mail server that is down, or a database that
 * is briefly away, costs a retry and never the process.
 */
export function createOutboxSender(db: Kysely<Database>, options: OutboxSenderOptions) {
  const numbers = { ...OUTBOX, ...options.numbers };
  const now = options.now ?? (() => new Date());
  const channels = new Map(options.channels.map((c) => [c.name, c]));
  const rowLocks = hasRowLocks(db);
  const log = options.log;
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let lastPurge = 0;

  async function deliver(message: ClaimedMessage): Promise<'sent' | 'retried' | 'failed'> {
    const channel = channels.get(message.channel)!;
    const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(numbers.sendTimeoutMs)]);
    try {
      await channel.send({ recipient: message.recipient, subject: message.subject, body: message.body }, { signal });
    } catch (err) {
      const error = describeDeliveryError(err);
      if (message.attempts >= numbers.maxAttempts) {
        await repo.settle(db, message, { status: 'failed', error });
        log.error(
          { outboxId: message.id, channel: message.channel, attempts: message.attempts, error },
          'message given up after its last attempt',
        );
        return 'failed';
      }
      const next = new Date(now().getTime() + retryDelayMs(message.attempts, numbers));
      await repo.settle(db, message, { status: 'pending', nextAttemptAt: next.toISOString(), error });
      log.warn(
        { outboxId: message.id, channel: message.channel, attempts: message.attempts, error, nextAttemptAt: next.toISOString() },
        'message not delivered: will try again',
      );
      return 'retried';
    }
    await repo.settle(db, message, { status: 'sent', at: now().toISOString() });
    return 'sent';
  }

  /** One batch: claim the due messages, send each, settle each. */
  async function runOnce(): Promise<RunResult> {
    const result: RunResult = { claimed: 0, sent: 0, retried: 0, failed: 0 };
    if (channels.size === 0 || stopping.signal.aborted) return result;
    const started = now();
    const startedAt = Date.now(); // the real clock: a lease is real time, whatever the injected clock says
    const claimed = await repo.claimDue(db, {
      channels: [...channels.keys()],
      now: started.toISOString(),
      leaseUntil: new Date(started.getTime() + numbers.leaseMs).toISOString(),
      limit: numbers.batchSize,
      rowLocks,
    });
    result.claimed = claimed.length;
    for (const [i, message] of claimed.entries()) {
      // Stopping, or half the lease gone: the rest go back to the outbox, due at once, uncounted.
      if (stopping.signal.aborted || Date.now() - startedAt > numbers.leaseMs / 2) {
        for (const rest of claimed.slice(i)) await repo.settle(db, rest, { status: 'released', at: now().toISOString() });
        break;
      }
      result[await deliver(message)] += 1;
    }
    return result;
  }

  /** Runs batches until nothing is due (or `maxBatches`): what tests call instead of waiting. */
  async function drain(maxBatches = 100): Promise<RunResult> {
    const total: RunResult = { claimed: 0, sent: 0, retried: 0, failed: 0 };
    for (let i = 0; i < maxBatches; i++) {
      const r = await runOnce();
      for (const k of Object.keys(total) as (keyof RunResult)[]) total[k] += r[k];
      if (r.claimed === 0) break;
    }
    return total;
  }

  async function tick() {
    try {
      // Full batches follow each other at once; a short one, or one that sent nothing (the server
      // is down: no need to try the whole queue against it now), waits for the next tick.
      for (let r = await runOnce(); r.claimed === numbers.batchSize && r.sent > 0 && !stopping.signal.aborted; r = await runOnce());
      if (Date.now() - lastPurge >= numbers.purgeEveryMs) {
        const at = now().getTime();
        await repo.purge(db, {
          sentBefore: new Date(at - numbers.keepSentMs).toISOString(),
          failedBefore: new Date(at - numbers.keepFailedMs).toISOString(),
        });
        lastPurge = Date.now();
      }
    } catch (err) {
      // A database error: logged by its message only (no row, no address), tried again next tick.
      log.error({ error: err instanceof Error ? err.message : String(err) }, 'the outbox sender failed: will try again');
    }
  }

  return {
    runOnce,
    drain,
    /** Whether any channel is set up (without one, start() does nothing). */
    get enabled() {
      return channels.size > 0;
    },
    /** Starts the loop (main.ts); a tick never overlaps the previous one. */
    start() {
      if (timer || channels.size === 0 || stopping.signal.aborted) return;
      const run = () => {
        if (running) return;
        running = tick().finally(() => {
          running = null;
        });
      };
      timer = setInterval(run, numbers.intervalMs);
      timer.unref();
      run();
    },
    /**
     * Stops the loop (the shutdown path): no new batch, a send under way is aborted (it counts as
     * an attempt and is retried), the rest of its batch is released, and the channels are closed.
     */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      stopping.abort();
      await running;
      for (const channel of channels.values()) channel.close();
    },
  };
}

export type OutboxSender = ReturnType<typeof createOutboxSender>;
