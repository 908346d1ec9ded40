/**
 * `npm run game:link -- --player gp-1001 [--path /store] [--site http://127.0.0.1:3000]`: asks the site
 * for a one-time sign-in link as the game server would (the "Nạp" button), and prints it. Signs with
 * GAME_CALLBACK_SECRET. The site defaults to PUBLIC_WEB_URL, else http://127.0.0.1:3000.
 */
import { parseArgs } from 'node:util';
import { requestSignInLink } from './site-calls';

const { values } = parseArgs({
  options: {
    player: { type: 'string' },
    path: { type: 'string', default: '/store' },
    site: { type: 'string', default: process.env.PUBLIC_WEB_URL ?? 'http://127.0.0.1:3000' },
  },
});
const secret = process.env.GAME_CALLBACK_SECRET ?? '';
if (!values.player) {
  console.error('Usage: npm run game:link -- --player <playerId> [--path /store] [--site <site URL>]');
  process.exit(2);
}
if (!secret) {
  console.error('GAME_CALLBACK_SECRET must be set: the key the game signs its calls to the site with.');
  process.exit(2);
}
try {
  const link = await requestSignInLink(values.site, secret, { playerId: values.player, path: values.path });
  process.stdout.write(`${link.url}\n`);
  console.error(`Works once, until ${link.expiresAt}.`);
} catch (error) {
  console.error(`The site refused the link: ${(error as Error).message}`);
  process.exit(1);
}
