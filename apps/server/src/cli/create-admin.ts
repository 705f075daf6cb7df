import { parseArgs } from 'node:util';
import { buildServices } from '../app.ts';
import { loadConfigOrExit } from '../config.ts';
import { connect } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { HttpError } from '../platform/errors.ts';

/** npm run create-admin -- --username U --password P */
const { values } = parseArgs({
  options: { username: { type: 'string' }, password: { type: 'string' }, email: { type: 'string' } },
});
if (!values.username || !values.password) {
  console.error('Usage: npm run create-admin -- --username U --password P [--email E]');
  process.exit(2);
}
if (values.password.length < 8) {
  console.error('The password must be at least 8 characters.');
  process.exit(2);
}

const config = loadConfigOrExit();
const db = connect(config.databaseUrl, { preparedStatements: config.databasePreparedStatements });
try {
  await migrateToLatest(db);
  const { accounts } = buildServices({ config, db });
  const id = await accounts.createAdmin(values.username, values.password, values.email);
  console.log(`Administrator "${values.username}" created with ID ${id}.`);
} catch (err) {
  console.error(err instanceof HttpError ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.close();
}
