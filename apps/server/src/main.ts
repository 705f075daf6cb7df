import { buildApp, buildServices } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { connect } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';

const HOUR = 3_600_000;

async function main() {
  const config = loadConfig();
  const db = connect(config.databaseUrl);
  await migrateToLatest(db);
  const app = await buildApp({ config, db });
  const { members, sessions, auth } = buildServices({ config, db });

  const admin = await members.ensureAdmin();
  if (admin?.generatedPassword) {
    // Printed once, to the console only: never through the logger.
    process.stdout.write(
      `\n  No administrator existed, so one was created.\n  Username: ${admin.username}\n  Password: ${admin.generatedPassword}\n  Change it after your first login.\n\n`,
    );
  } else if (admin) {
    app.log.info({ username: admin.username }, 'administrator created from ADMIN_USERNAME');
  }

  const housekeeping = async () => {
    await sessions.purgeExpired();
    await auth.purgeThrottle();
  };
  await housekeeping();
  setInterval(() => housekeeping().catch((err) => app.log.error({ err }, 'housekeeping failed')), HOUR).unref();

  const shutdown = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  // A configuration mistake is told in one line; anything else with its stack.
  console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err);
  process.exit(1);
});
