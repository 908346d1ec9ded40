// The production smoke suite's staff checks: what two API processes must agree on about staff powers.
// Each takes the suite (production-smoke.mjs).
import assert from 'node:assert/strict';
import { call, waitUntil } from './clients.mjs';

/**
 * A role changed through process 1 is refused at once on process 2, where the member was working (the
 * eviction goes through Redis).
 */
export async function roleChangeAcrossProcesses({ api1, api2, site, signIn, stepUp, adminToken, staff }) {
  const staffToken = await signIn(staff.username, staff.password, api2.url);
  // The staff member is working on process 2: the session is verified and remembered there.
  assert.equal((await call('GET', `${api2.url}/api/internal/overview`, { token: staffToken })).status, 200);
  assert.equal((await call('GET', `${api2.url}/api/internal/overview`, { token: staffToken })).status, 200);
  await stepUp(adminToken, 'operator.admin');
  const changed = await call('PUT', `${api1.url}/api/internal/users/${staff.id}/role`, {
    token: adminToken,
    body: { role: 'player' },
  });
  assert.equal(changed.status, 200, changed.text);
  const after = await call('GET', `${api2.url}/api/internal/overview`, { token: staffToken });
  assert.ok([401, 403].includes(after.status), `process 2 answered ${after.status} after the change`);
  assert.equal((await call('GET', `${site}/api/internal/overview`, { token: staffToken })).status === 200, false);
}

/**
 * Four eyes across processes: a grant asked on process 1 waits (202) and is not the asker's to approve;
 * a second admin approves it on process 2, both at once from two sessions, and the pack reaches the game
 * once.
 */
export async function approvalAcrossProcesses(suite) {
  const { api1, api2, cli, signIn, stepUp, adminToken, createPlayers, productId, sql, game } = suite;
  const [receiver] = await createPlayers(1);
  const password = 'Smoke-second-admin-1';
  await cli(
    ['create-account', '--username', 'operator.second', '--role', 'admin', '--display-name', 'Phó quản trị'],
    password,
  );
  const secondToken = await signIn('operator.second', password, api2.url);
  const reason = `Đền bù smoke ${Date.now().toString(36)}`;
  await stepUp(adminToken, 'operator.admin');
  const asked = await call('POST', `${api1.url}/api/internal/transactions/create-manual`, {
    token: adminToken,
    body: { shortId: receiver.shortId, productId, reason },
  });
  assert.equal(asked.status, 202, asked.text);
  const { approvalId } = asked.json.data;
  const own = await call('POST', `${api2.url}/api/internal/approvals/${approvalId}/approve`, { token: adminToken });
  assert.equal(own.json?.code, 'api.approval.own_request', own.text);
  const orders = async () =>
    (await sql.query(`SELECT id FROM orders WHERE kind = 'manual' AND note = $1`, [reason])).rows;
  assert.equal((await orders()).length, 0, 'nothing is granted before the approval');

  const approve = () =>
    call('POST', `${api2.url}/api/internal/approvals/${approvalId}/approve`, { token: secondToken });
  const answers = await Promise.all([approve(), approve()]);
  assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409], answers.map((a) => a.text).join(' | '));
  const [order] = await orders();
  assert.ok(order, 'the approved grant is an order');
  await waitUntil('the granted pack in the game', async () =>
    [...game.applied.values()].some((mail) => mail.sourceId === order.id),
  );
  const mails = [...game.applied.values()].filter((mail) => mail.sourceId === order.id);
  assert.equal(mails.length, 1);
  assert.equal((await orders()).length, 1);
  return `approval ${approvalId.slice(0, 8)}…: asked on ${api1.name}, approved on ${api2.name}; one order, one mail`;
}
