import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { demoAccountsText } from '../../../scripts/demo-accounts.mjs';
import { demoAccounts } from '../src/db/seed/demo-accounts';

// What a newcomer reads on a first `npm start` (README, the printed accounts) and the demo scripts'
// ports: all of it must match the seed and the ports the demo runs on.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

/** The rows of the README's "Demo accounts" table, as cells without their backquotes. */
function readmeDemoRows() {
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const section = readme.slice(readme.indexOf('### Demo accounts'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| username')));
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim().replaceAll('`', '')),
    );
}

describe('the demo accounts a newcomer reads', () => {
  it('are printed by npm start from the seed, every one with its password, User ID and TOTP secret', async () => {
    const lines = (await demoAccountsText()).split('\n').filter((line) => line.startsWith('    '));
    expect(lines).toHaveLength(demoAccounts.length);
    demoAccounts.forEach((account, index) => {
      const line = lines[index] ?? '';
      expect(line.trim().split(/\s+/).slice(0, 3)).toEqual([account.username, '/', account.password]);
      expect(line).toContain(`User ID ${account.shortId}, ${account.displayName}`);
      if (account.totp) expect(line).toContain(`TOTP secret ${account.totp}`);
      if (!account.verified) expect(line).toContain('cannot sign in');
    });
  });

  it('are the README table, row for row', () => {
    const rows = readmeDemoRows();
    expect(rows.map(([username, password, shortId, , totp]) => [username, password, shortId, totp])).toEqual(
      demoAccounts.map((account) => [account.username, account.password, account.shortId, account.totp ?? '']),
    );
    demoAccounts.forEach((account, index) => {
      const state = rows[index]?.[3] ?? '';
      expect(state).toContain(`(${account.displayName})`);
      expect(state).toContain(
        account.role === 'player' ? (account.verified ? 'player' : 'not verified') : account.role,
      );
    });
  });
});

describe('npm run simulate:transfer', () => {
  it('posts to the API on PORT_API, as npm start runs it', async () => {
    const received: string[] = [];
    const api = createServer((request, response) => {
      received.push(`${request.method} ${request.url}`);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"code":"api.success"}');
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, PORT_API: String((api.address() as AddressInfo).port) };
      delete env.API_URL;
      const { stdout } = await run(process.execPath, ['scripts/simulate-transfer.mjs', 'CRB12345678', '49000'], {
        cwd: root,
        env,
        timeout: 20_000,
      });
      expect(received).toEqual(['POST /api/webhooks/sepay']);
      expect(stdout).toContain('200');
    } finally {
      await new Promise((resolve) => api.close(resolve));
    }
  });
});
