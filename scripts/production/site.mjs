// The production topology with its game-server stand-in, as the suites and bench/nginx.mjs start it:
// the API compiled, the web app built if stale, fresh secrets, the game's mailbox, then the topology.
import { buildWebIfStale, run } from '../processes.mjs';
import { startGameProcess } from './game-process.mjs';
import { startGameMailbox } from './stand-ins.mjs';
import { startTopology, topologySecrets } from './topology.mjs';

/**
 * Builds what is stale and starts the topology on `adminDatabaseUrl`'s server and `redisUrl`, with the
 * game's mailbox stand-in; `apiEnv` is added to every API process's environment. If the topology does
 * not start, the mailbox is closed before the error is thrown. `gameProcess`: the stand-in runs in a
 * process of its own (the benches; it then only makes players and closes).
 */
export async function startSite({ adminDatabaseUrl, redisUrl, apiEnv, gameProcess = false }) {
  await run('npm', ['run', 'build', '--silent', '-w', 'apps/api']);
  // The topology serves a copy of the build of its own (privateWebCopy): the browser tests may be serving
  // apps/web meanwhile.
  await buildWebIfStale({}, { keepServed: true });
  const secrets = topologySecrets();
  const game = await (gameProcess ? startGameProcess : startGameMailbox)(secrets.mailbox);
  try {
    const topology = await startTopology({ adminDatabaseUrl, redisUrl, gameMailboxUrl: game.url, secrets, apiEnv });
    return { secrets, game, topology };
  } catch (error) {
    await game.close();
    throw error;
  }
}
