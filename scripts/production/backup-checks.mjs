// The production smoke suite's backup check, run once the other checks have made orders, payments,
// mails and claims: deploy/backup.sh run as carabala-backup.service runs it, on the topology's database
// and uploads; the dump restored into a new database as docs/operations.md does it; then
// deploy/restore-check.sql on both sides must give the same rows, amounts and checksums.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { createDatabase, dropDatabase } from '../databases.mjs';
import { root } from '../processes.mjs';
import { call, waitUntil } from './clients.mjs';
import { undeliveredMails } from './delivery-checks.mjs';

const exec = promisify(execFile);
const restoreCheck = readFileSync(join(root, 'deploy/restore-check.sql'), 'utf8');

/** deploy/restore-check.sql on one database: one row per table (rows, amount, checksum). */
async function figures(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(restoreCheck)).rows;
  } finally {
    await client.end();
  }
}

/** Money held for review and then refunded, so the refunds table is part of what is compared. */
async function refundHeldMoney({ site, sql, feed, stepUp, adminToken }) {
  const transfer = await feed.transfer('KHONGCOMA', 50_000);
  const event = (
    await sql.query(`SELECT id, match FROM bank_events WHERE provider = 'sepay' AND provider_id = $1`, [
      String(transfer.id),
    ])
  ).rows[0];
  assert.equal(event?.match, 'unmatched', 'a transfer naming no order is held for review');
  await stepUp(adminToken, 'operator.admin');
  const refunded = await call('POST', `${site}/api/internal/bank-events/${event.id}/refund`, {
    token: adminToken,
    body: { amount: 50_000, bankReference: `FT${transfer.id}`, reason: 'Chuyển nhầm, đã hoàn lại cho người gửi' },
  });
  assert.equal(refunded.status, 200, refunded.text);
}

/** The files under a folder with their sizes, by path relative to the folder's parent. */
function filesUnder(folder, prefix) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    const name = `${prefix}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(path, name) : [`${name} ${statSync(path).size}`];
  });
}

/** The files a tarball holds with their sizes (`tar -tzv`: size in the third column, name last). */
async function filesInTarball(path) {
  const { stdout } = await exec('tar', ['-tzvf', path]);
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('-'))
    .map((line) => line.split(/\s+/))
    .map((columns) => `${columns.at(-1)} ${columns[2]}`);
}

/**
 * Backup → restore into a new database → the same money. The site is quiet by now (every mail
 * delivered), so the source's figures are taken before and after the dump and must not move.
 */
export async function backupRestoresTheMoney(suite) {
  const { topology, sql } = suite;
  await refundHeldMoney(suite);
  await waitUntil('every mail delivered', async () => (await undeliveredMails(sql)) === 0);
  const before = await figures(topology.databaseUrl);
  const rows = Object.fromEntries(before.map((row) => [row.table, Number(row.rows)]));
  for (const table of ['orders', 'bank_events', 'refunds', 'mails', 'gift_code_claims', 'audit_log'])
    assert.ok(rows[table] > 0, `the smoke made ${table} to compare (${rows[table]} rows)`);

  const backupDir = mkdtempSync(join(tmpdir(), 'carabala-backup-'));
  const restoredName = `restored_${randomBytes(4).toString('hex')}`;
  try {
    // As carabala-backup.service runs it: the API's environment plus BACKUP_DIR.
    const started = Date.now();
    const { stdout } = await exec('bash', [join(root, 'deploy/backup.sh')], {
      env: { ...process.env, ...topology.apiEnv, BACKUP_DIR: backupDir },
    });
    const backupSeconds = (Date.now() - started) / 1000;
    const dump = /^backup written: (.+\.dump)$/m.exec(stdout)?.[1];
    assert.ok(dump, `backup.sh names its dump: ${stdout}`);
    const written = readdirSync(backupDir).sort();
    assert.equal(written.length, 2, `a dump and an uploads tarball: ${written}`);
    assert.ok(
      written.every((name) => /^(db-\d{8}T\d{6}Z\.dump|uploads-\d{8}T\d{6}Z\.tar\.gz)$/.test(name)),
      `nothing left .partial: ${written}`,
    );
    assert.deepEqual(await figures(topology.databaseUrl), before, 'the site did not move during the backup');

    // The uploads: every file of UPLOAD_DIR, with its size, is in the tarball.
    const uploads = topology.apiEnv.UPLOAD_DIR;
    const tarball = join(
      backupDir,
      written.find((name) => name.startsWith('uploads-')),
    );
    const expected = filesUnder(uploads, basename(uploads)).sort();
    assert.ok(expected.length >= 3, `the smoke uploaded images (${expected.length} files)`);
    assert.deepEqual((await filesInTarball(tarball)).sort(), expected);

    // Restore into a new database, as docs/operations.md "Restore into a new database" does.
    const restoreStarted = Date.now();
    const restoredUrl = await createDatabase(topology.databaseUrl, restoredName);
    await exec('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', '--dbname', restoredUrl, dump]);
    const restoreSeconds = (Date.now() - restoreStarted) / 1000;
    const after = await figures(restoredUrl);
    assert.deepEqual(after, before, 'the restored database holds the same rows, amounts and checksums');

    const byTable = Object.fromEntries(after.map((row) => [row.table, row]));
    const dumpSize = statSync(dump).size;
    return (
      `dump ${(dumpSize / 1e6).toFixed(1)} MB + uploads ${expected.length} files in ${backupSeconds.toFixed(1)} s, ` +
      `restored in ${restoreSeconds.toFixed(1)} s; identical: orders ${byTable.orders.rows} (${byTable.orders.amount} đ), ` +
      `bank events ${byTable.bank_events.rows} (${byTable.bank_events.amount} đ), refunds ${byTable.refunds.rows} ` +
      `(${byTable.refunds.amount} đ), mails ${byTable.mails.rows}, claims ${byTable.gift_code_claims.rows}, ` +
      `audit ${byTable.audit_log.rows}, migrations ${byTable.migrations.rows}`
    );
  } finally {
    await dropDatabase(topology.databaseUrl, restoredName);
    rmSync(backupDir, { recursive: true, force: true });
  }
}
