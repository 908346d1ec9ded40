import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { roleSchema } from '@carabala/contracts';
import { Redis } from 'ioredis';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { configuredPasswordHasher } from './modules/auth';
import { resetSecondFactor } from './modules/second-factor';
import { createUsersService } from './modules/users';
import { EVICT_CHANNEL } from './plugins/auth';

// Operator commands, run with the API's environment (compiled: node apps/api/dist/cli.js …).
const usage = `Usage:
  cli create-account --username <name> --role <${roleSchema.options.join('|')}> [--display-name <name>] [--user-id <id>]
      Reads the password (12+ characters) from standard input; prints the account's id and User ID as JSON.
  cli reset-second-factor --username <name>
      Removes the account's second factor (TOTP and recovery codes) and ends all its sessions, audited;
      the account enrols again at its next sign-in. Prints the account's id and User ID as JSON.`;

const [command, ...rest] = process.argv.slice(2);
if (command !== 'create-account' && command !== 'reset-second-factor') {
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
if (!values.username || (command === 'create-account' && !role.success)) {
  console.error(usage);
  process.exit(2);
}
const username = values.username;

const config = loadConfig();
const database = openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR, poolSize: 1 });

async function createAccount() {
  const password = readFileSync(0, 'utf8').split('\n')[0]!;
  return createUsersService({ db: database.db, passwords: configuredPasswordHasher(config) }).createAccount({
    username,
    password,
    role: role.data!,
    displayName: values['display-name'] ?? username,
    shortId: values['user-id'],
  });
}

/** Every API process forgets the account's cached sessions at once (through Redis when it is shared). */
async function resetAccountSecondFactor() {
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : null;
  try {
    const sessionCache = {
      evictUser: async (userId: string) => {
        await redis?.publish(EVICT_CHANNEL, `user:${userId}`);
      },
    };
    const account = await resetSecondFactor({ db: database.db, sessionCache }, null, { username });
    if (!account) throw new Error(`No account named ${username}.`);
    return { id: account.id, shortId: account.shortId };
  } finally {
    redis?.disconnect();
  }
}

try {
  await database.migrate();
  const result = command === 'create-account' ? await createAccount() : await resetAccountSecondFactor();
  process.stdout.write(`${JSON.stringify(result)}\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
