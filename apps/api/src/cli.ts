import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { roleSchema } from '@carabala/contracts';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { configuredPasswordHasher } from './modules/auth/passwords';
import { createUsersService } from './modules/users/service';

// Operator commands, run with the API's environment (compiled: node apps/api/dist/cli.js …).
const usage = `Usage:
  cli create-account --username <name> --role <${roleSchema.options.join('|')}> [--display-name <name>] [--user-id <id>]
      Reads the password (12+ characters) from standard input; prints the account's id and User ID as JSON.`;

const [command, ...rest] = process.argv.slice(2);
if (command !== 'create-account') {
  console.error(usage);
  process.exit(2);
}
const { values } = parseArgs({
  args: rest,
  options: {
    username: { type: 'string' },
    role: { type: 'string' },
    'display-name': { type: 'string' },
    'user-id': { type: 'string' },
  },
});
const role = roleSchema.safeParse(values.role);
if (!values.username || !role.success) {
  console.error(usage);
  process.exit(2);
}
const password = readFileSync(0, 'utf8').split('\n')[0]!;

const config = loadConfig();
const database = openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR, poolSize: 1 });
try {
  await database.migrate();
  const account = await createUsersService({
    db: database.db,
    passwords: configuredPasswordHasher(config),
  }).createAccount({
    username: values.username,
    password,
    role: role.data,
    displayName: values['display-name'] ?? values.username,
    shortId: values['user-id'],
  });
  process.stdout.write(`${JSON.stringify(account)}\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
