/**
 * `npm run game:stand-in`: the reference game server (./server.ts) on 127.0.0.1:GAME_STAND_IN_PORT
 * (default 4700), base path /v1. It reads its key from GAME_API_SECRET, the variable the API signs its
 * calls with, so the two match when started with the same environment: point the API's GAME_API_URL at
 * http://127.0.0.1:4700/v1.
 */
import { standInPlayers } from './players';
import { startGameStandIn } from './server';

const secret = process.env.GAME_API_SECRET ?? '';
if (secret.length < 16) {
  console.error('GAME_API_SECRET must be set (16+ characters): the key the site signs its calls to the game with.');
  process.exit(1);
}
const port = Number(process.env.GAME_STAND_IN_PORT ?? 4700);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`GAME_STAND_IN_PORT is not a port: ${process.env.GAME_STAND_IN_PORT}`);
  process.exit(1);
}

const standIn = await startGameStandIn({ port, apiSecret: secret });
const out = (line: string) => process.stdout.write(`${line}\n`);
out(`Reference game server: ${standIn.url}  (GAME_API_URL=${standIn.url})`);
out(`Players: ${standInPlayers.map((player) => `${player.username} (User ID ${player.userId})`).join(', ')}`);
out(`Mails received: GET http://127.0.0.1:${standIn.port}/_stand-in/mails`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void standIn.close().then(() => process.exit(0));
  });
}
