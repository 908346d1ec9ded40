import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useConnectedApp } from './game-backend';
import { queryRows } from './helpers';

/**
 * A look-up of a known player (a claim, a purchase) writes the player's shadow only when the game says
 * something the shadow does not (decision record 062): every look-up here asks the game (no cache).
 */
const ctx = useConnectedApp({ GAME_LOOKUP_CACHE_SECONDS: '0' });

const shadowRow = async () =>
  (
    await queryRows<{ version: string; display_name: string }>(
      ctx,
      sql`select xmin::text as version, display_name from users where game_player_id = 'gp-1002'`,
    )
  )[0]!;

describe("a known player's look-up", () => {
  it('leaves an agreeing shadow unwritten and writes one the game contradicts', async () => {
    const players = ctx.app.services.game.players;
    const friend = await players.findReceiver('20481002');
    const written = await shadowRow();
    expect(written.display_name).toBe('Nguyễn Thu Hà');

    expect(await players.findPlayerById(friend!.id)).toMatchObject({ shortId: '20481002' });
    expect((await shadowRow()).version).toBe(written.version);

    await ctx.database.db.execute(sql`update users set display_name = 'Tên cũ' where game_player_id = 'gp-1002'`);
    const renamed = await shadowRow();
    expect(await players.findPlayerById(friend!.id)).toMatchObject({ displayName: 'Nguyễn Thu Hà' });
    const refreshed = await shadowRow();
    expect(refreshed.display_name).toBe('Nguyễn Thu Hà');
    expect(refreshed.version).not.toBe(renamed.version);
  });
});
