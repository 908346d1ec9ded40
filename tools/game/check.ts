/**
 * `npm run game:check -- --url <GAME_API_URL> --secret <GAME_API_SECRET> [--player <username>:<password>]
 * [--user-id <id>] [--unknown-user-id <id>] [--timeout <ms>]`: runs the game contract's conformance cases
 * (./conformance.ts) against a game server and prints `PASS name` or `FAIL name: why` per case. Exits 1
 * when any case fails, 2 on bad arguments. The defaults are the reference server's test account; the
 * URL and key default to GAME_API_URL and GAME_API_SECRET.
 */
import { parseArgs } from 'node:util';
import { checkDefaults, formatResults, runGameCheck } from './conformance';

const usage =
  'Usage: npm run game:check -- --url <GAME_API_URL> --secret <GAME_API_SECRET> ' +
  '[--player <username>:<password>] [--user-id <id>] [--unknown-user-id <id>] [--timeout <ms>]';

function options() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: process.env.GAME_API_URL },
      secret: { type: 'string', default: process.env.GAME_API_SECRET },
      player: { type: 'string', default: `${checkDefaults.username}:${checkDefaults.password}` },
      'user-id': { type: 'string', default: checkDefaults.userId },
      'unknown-user-id': { type: 'string', default: checkDefaults.unknownUserId },
      timeout: { type: 'string', default: String(checkDefaults.timeoutMs) },
      help: { type: 'boolean', default: false },
    },
  });
  const separator = values.player.indexOf(':');
  const timeoutMs = Number(values.timeout);
  const problems = [
    !values.url && '--url (or GAME_API_URL) is required',
    !values.secret && '--secret (or GAME_API_SECRET) is required',
    separator < 1 && '--player must be <username>:<password>',
    !(Number.isInteger(timeoutMs) && timeoutMs > 0) && '--timeout must be a number of milliseconds',
  ].filter(Boolean);
  if (values.help || problems.length > 0) {
    for (const problem of problems) console.error(problem);
    console.error(usage);
    process.exit(values.help ? 0 : 2);
  }
  return {
    url: values.url!,
    secret: values.secret!,
    username: values.player.slice(0, separator),
    password: values.player.slice(separator + 1),
    userId: values['user-id'],
    unknownUserId: values['unknown-user-id'],
    timeoutMs,
  };
}

const results = await runGameCheck(options());
for (const line of formatResults(results)) process.stdout.write(`${line}\n`);
const failed = results.filter((result) => !result.ok).length;
process.stdout.write(`${results.length - failed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
