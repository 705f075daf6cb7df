import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp, buildServices } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { connect } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { startPoolReport } from './db/pool-report.ts';
import { closeStatementPdfs } from './features/commissions/statement-files.ts';
import { channelsFromConfig } from './features/notifications/channels.ts';
import { createOutboxSender } from './features/notifications/outbox.ts';
import { claimedDailyRun, startDailyJob } from './features/reminders/schedule.ts';
import { purgeIdempotencyKeys } from './platform/idempotency.ts';
import { createJobRuns, hourSlot } from './platform/jobs.ts';
import { sweepOrphanFiles } from './platform/orphan-files.ts';
import { listeningText } from './platform/plain-http-hint.ts';
import { firstAdminNotice, localUrl, logIsPretty, prettyLogStream } from './platform/terminal.ts';

const HOUR = 3_600_000;
/**
 * How long SIGINT/SIGTERM waits for requests in flight and the database before exiting anyway
 * (decision 006): below Docker's 10 s before SIGKILL, so the process still says why it stopped.
 */
const SHUTDOWN_GRACE_MS = 8_000;

async function main() {
  const config = loadConfig();
  const db = connect(config.databaseUrl, { poolSize: config.databasePoolSize, preparedStatements: config.databasePreparedStatements });
  // N instances starting at once: one migrates under an advisory lock, the others wait and find it
  // done (decision 032); through DATABASE_DIRECT_URL when the pool's URL is a pooler's.
  if (config.databaseDirectUrl) {
    const direct = connect(config.databaseDirectUrl);
    try {
      await migrateToLatest(direct);
    } finally {
      await direct.close();
    }
  } else {
    await migrateToLatest(db);
  }
  // A line of text per entry for a person at a terminal, pino's JSON for anything else (LOG_FORMAT,
  // decision 006). The JSON goes through the writer pino makes by default (asynchronous): kept
  // here, so that the first administrator's notice is written after the log's lines, not before
  // them.
  const pretty = logIsPretty(config.logFormat, process.stdout);
  const jsonOut = pretty ? null : pino.destination({ dest: 1, sync: false });
  const logStream = jsonOut ?? prettyLogStream(process.stdout, { color: process.stdout.hasColors?.() ?? false });
  const app = await buildApp({ config, db, logStream });
  const { accounts, sessions, auth, reminders, accessLog, erasure, storage } = buildServices({ config, db });
  // The outbox's sender loop (decision 026): e-mail when SMTP_URL is set; its errors are logged, never thrown.
  const outbox = createOutboxSender(db.db, { channels: channelsFromConfig(config), log: app.log });
  // Scheduled work claimed in the database, so each slot runs on one instance (decision 032).
  const jobs = createJobRuns(db.db);

  let daily: ReturnType<typeof startDailyJob> | null = null;
  let poolReport: ReturnType<typeof startPoolReport> | null = null;

  // SIGINT/SIGTERM (and an uncaught error): stop accepting connections, let the requests in flight
  // finish (Fastify's close waits for them), then close the database. Past the grace delay, or on
  // a second signal, exit anyway.
  closeWithGrace(
    {
      delay: SHUTDOWN_GRACE_MS,
      logger: app.log,
      onTimeout: (delay) => app.log.error(`requests still in flight after ${delay} ms: exiting anyway`),
    },
    async ({ err, signal }) => {
      if (err) app.log.error({ err }, 'closing after an uncaught error');
      else app.log.info({ signal }, 'closing: waiting for requests in flight');
      // A keep-alive connection whose request finishes after close began would otherwise hold the
      // close until keepAliveTimeout (fastify/fastify#7044): let such connections go once idle.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      try {
        await app.close();
      } finally {
        clearInterval(sweep);
      }
      // The statement PDF threads (features/commissions/statement-files.ts): ended, not left to idle out.
      await closeStatementPdfs();
      // No new daily run; one under way finishes its reminder (each is its own transaction).
      await daily?.stop();
      // No new batch; a send under way is aborted and retried later, by this instance or another.
      await outbox.stop();
      poolReport?.stop();
      await db.close();
    },
  );

  // Under the 'first-admin' advisory lock: of N instances starting at once, one creates it (decision 032).
  const admin = await accounts.ensureAdmin();
  if (admin && !admin.generatedPassword) app.log.info({ username: admin.username }, 'administrator created from ADMIN_USERNAME');

  // Retention (decision 027): hourly, each purge one DELETE of what is past its period. Claimed by
  // the hour (decision 032): of several instances one runs it (each purge would anyway only find
  // less to delete on the others). Erased members' books go when their five years after the filing
  // deadline end (NIRC s.235), never while a dispute is open.
  const purge = async () => {
    await sessions.purgeExpired();
    await auth.purgeThrottle();
    await accounts.purgeEmailChanges();
    const purged = await accessLog.purgeExpired();
    const books = await erasure.purgeExpiredBooks();
    // Idempotency-Keys past IDEMPOTENCY_KEY_HOURS (decision 029).
    const idempotencyKeys = await purgeIdempotencyKeys(db.db, config.idempotencyKeyHours);
    await jobs.purge();
    if (purged.notifications + purged.outbox + purged.accessLog + purged.devices + books + idempotencyKeys > 0)
      app.log.info({ ...purged, erasedBooks: books, idempotencyKeys }, 'retention purge');
  };
  // Files no row names, ORPHAN_FILE_GRACE_SECONDS old at least (an hour by default; decision 003):
  // it walks the whole store, so it runs beside the server, not before it listens.
  const sweep = async () => {
    const files = await sweepOrphanFiles(db.db, storage, { graceMs: config.orphanFileGraceMs });
    if (files.removed > 0) app.log.warn(files, 'removed stored files no row names');
  };
  // At start each instance purges and sweeps (a restart after a crash cleans up at once; a second
  // instance doing it too finds less to delete); hourly they are claimed by the UTC hour, so one
  // instance of several runs them (decision 032).
  await purge();
  setInterval(
    () =>
      jobs
        .once('housekeeping', hourSlot(new Date()), purge)
        .then(() => jobs.once('orphan-sweep', hourSlot(new Date()), sweep))
        .catch((err) => app.log.error({ err }, 'housekeeping failed')),
    HOUR,
  ).unref();
  outbox.start();
  // PostgreSQL: a warning when queries wait for the pool; the counters for the load test (decision 035).
  poolReport = db.poolWaits ? startPoolReport({ poolWaits: db.poolWaits, log: app.log, statsFile: config.databasePoolStatsFile }) : null;
  // The daily job (decision 026): reminders on DAILY_JOB_CRON in Manila time, and once shortly after start.
  // Claimed per slot of the cron (the last time it named): one instance runs each (decision 032).
  daily = startDailyJob(
    claimedDailyRun(jobs, (signal) => reminders.runDaily(app.log, signal), { cron: config.dailyJobCron }),
    { cron: config.dailyJobCron, log: app.log },
  );
  app.log.info(config.smtpUrl ? 'e-mail on: the outbox sender runs' : 'e-mail off (SMTP_URL unset): notifications in the portal only');

  // With Secure cookies, the LAN addresses come with the hint that another device needs HTTPS.
  await app.listen({ port: config.port, host: config.host, listenTextResolver: listeningText(config.cookieSecure) });
  if (admin?.generatedPassword) {
    // Printed once, last, framed, with the next step: to the terminal only, never through the
    // logger (decision 002; log-secrets.test.ts). In JSON, to stdout through the log's own writer,
    // which writes in order and asynchronously: process.stdout.write would overtake the lines
    // before it.
    const address = app.server.address();
    const port = address && typeof address === 'object' ? address.port : config.port;
    (jsonOut ?? process.stdout).write(
      firstAdminNotice({
        username: admin.username,
        password: admin.generatedPassword,
        url: localUrl({ portalUrl: config.portalUrl, host: config.host, port }),
      }),
    );
  }
  void sweep().catch((err) => app.log.error({ err }, 'sweeping stored files failed'));
}

main().catch((err) => {
  // A configuration mistake is told in one line; anything else with its stack.
  console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err);
  process.exit(1);
});
