import { tsImport } from 'tsx/esm/api';

/**
 * The demo accounts as `npm start` prints them, read from the list the seed writes
 * (apps/api/src/db/seed/demo-accounts.ts), so the two cannot differ.
 */
export async function demoAccountsText() {
  const { demoAccounts } = await tsImport('../apps/api/src/db/seed/demo-accounts.ts', import.meta.url);
  const width = (key) => Math.max(...demoAccounts.map((account) => account[key].length));
  const lines = demoAccounts.map((account) => {
    const state = !account.verified
      ? 'email not verified: cannot sign in'
      : account.role === 'player'
        ? 'player'
        : `staff, role ${account.role}`;
    const totp = account.totp ? `, TOTP secret ${account.totp}` : '';
    const who = `${account.username.padEnd(width('username'))} / ${account.password.padEnd(width('password'))}`;
    return `    ${who}   ${state} (User ID ${account.shortId}, ${account.displayName})${totp}`;
  });
  return `  Demo accounts (username / password):\n${lines.join('\n')}\n`;
}
