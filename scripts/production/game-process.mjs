// The game's back end stand-in (./stand-ins.mjs, startGameMailbox) in a process of its own, for the
// benches: in the load generator's process its work (a signed look-up and a mail per claim) waited on the
// generator's event loop and the generator on it, so each slowed the other. Driven over IPC.
import { fork } from 'node:child_process';

if (process.send && process.argv[2] === '--child') {
  const { startGameMailbox } = await import('./stand-ins.mjs');
  const game = await startGameMailbox(process.env.GAME_STAND_IN_SECRET);
  process.on('message', async ({ id, kind, players }) => {
    if (kind === 'addPlayers') game.addPlayers(players);
    if (kind === 'close') await game.close();
    process.send({ id });
    if (kind === 'close') process.disconnect();
  });
  process.send({ url: game.url });
}

/** Starts the stand-in in a child process; `addPlayers` and `close` resolve once it has done them. */
export async function startGameProcess(secret) {
  const child = fork(import.meta.filename, ['--child'], {
    env: { ...process.env, GAME_STAND_IN_SECRET: secret },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise((resolve, reject) => {
    child.once('message', ({ url: started }) => resolve(started));
    child.once('exit', (code) => reject(new Error(`the game stand-in exited (${code}) before it listened`)));
  });
  let nextId = 0;
  const waiting = new Map();
  child.on('message', ({ id }) => {
    waiting.get(id)?.();
    waiting.delete(id);
  });
  const ask = (message) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      child.send({ ...message, id });
    });
  return {
    url,
    pid: child.pid,
    addPlayers: (players) => ask({ kind: 'addPlayers', players }),
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await ask({ kind: 'close' });
      await exited;
    },
  };
}
