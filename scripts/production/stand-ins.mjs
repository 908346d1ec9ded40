// Stand-ins for the two outside services of the production topology, on 127.0.0.1 over real HTTP.
import { randomInt } from 'node:crypto';
import { tsImport } from 'tsx/esm/api';
import { sepayTransfer } from '../sepay-transfer.mjs';

/**
 * The game's back end: the reference game server (tools/game, contract v1 of docs/game-api.md) on
 * 127.0.0.1, signed with `secret` (the API's GAME_API_SECRET). It refuses unsigned, stale and replayed
 * calls and applies each mail once; `applied` holds the mails it applied by id, so a test can tell a
 * mail applied twice from a mail sent twice. `url` is the API's GAME_API_URL. `addPlayers` makes more
 * of the game's players (the suites' made-up buyers and receivers): the game knows them from then on.
 */
export async function startGameMailbox(secret) {
  const { startGameStandIn } = await tsImport('../../tools/game/server.ts', import.meta.url);
  const { standInPlayers } = await tsImport('../../tools/game/players.ts', import.meta.url);
  const players = [...standInPlayers];
  const standIn = await startGameStandIn({ port: 0, apiSecret: secret, players });
  return {
    url: standIn.url,
    players,
    addPlayers: (made) =>
      players.push(
        ...made.map((player) => ({
          playerId: player.playerId,
          userId: player.userId,
          username: `made-${player.userId}`,
          password: `made-${player.userId}-password`,
          displayName: player.displayName,
          avatar: null,
          email: null,
          emailVerified: true,
          banned: false,
          servers: [],
        })),
      ),
    get applied() {
      return new Map(standIn.mails.map((mail) => [mail.id, mail]));
    },
    setFault: standIn.setFault,
    close: standIn.close,
  };
}

/**
 * The bank feed (SePay): it records each incoming transfer in its ledger and POSTs the webhook to the
 * site from 127.0.0.1, retrying while the answer is not 2xx, as SePay does (here every 300 ms instead
 * of over 33 minutes). It can be stopped (transfers are kept) and started again (they are posted).
 */
export function createBankFeed({ webhookUrl, apiKey, accountNumber }) {
  const ledger = [];
  let nextId = randomInt(100_000, 900_000);
  // While the feed is stopped, transfers wait here and are delivered once it starts again.
  let stopped = null;

  async function deliver(event) {
    for (let attempt = 1; attempt <= 40; attempt += 1) {
      while (stopped) await stopped.promise;
      try {
        const response = await fetch(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Apikey ${apiKey}` },
          body: JSON.stringify(event),
          signal: AbortSignal.timeout(10_000),
        });
        await response.body?.cancel();
        event.attempts = attempt;
        if (response.ok) return attempt;
      } catch {
        // refused or reset: retried like any non-2xx answer
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error(`the webhook for bank transaction ${event.id} was never accepted`);
  }

  return {
    ledger,
    /** A transfer to the shop's account with the order code in the memo; resolves once the site accepted it. */
    async transfer(orderCode, amount) {
      const event = sepayTransfer({ id: nextId++, accountNumber, orderCode, amount });
      ledger.push(event);
      await deliver(event);
      return event;
    },
    /** Sends a ledger entry's webhook again (SePay retries a call whose answer it did not see). */
    resend: (event) => deliver(event),
    /** The feed goes quiet: transfers made from now on are kept, not posted. */
    stop() {
      if (!stopped) {
        let open;
        const promise = new Promise((resolve) => (open = resolve));
        stopped = { promise, open };
      }
    },
    /** The feed is back: the kept transfers are posted. */
    start() {
      stopped?.open();
      stopped = null;
    },
  };
}
