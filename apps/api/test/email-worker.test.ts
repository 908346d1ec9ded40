import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { createEventBus } from '../src/lib/events';
import { queueEmail } from '../src/modules/email';
import { createEmailOutbox, senderOf } from '../src/modules/email/service';
import { folderTransport, noTransport, smtpTransport, type EmailTransport } from '../src/modules/email/transport';
import { createEmailWorker } from '../src/modules/email/worker';
import { createTestDatabase, testConfig } from './helpers';
import { startSmtpStandIn, type SmtpStandIn } from './stand-ins/smtp-server';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let database: Database;
let drop: () => Promise<void>;
let smtp: SmtpStandIn;
let serial = 0;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  smtp = await startSmtpStandIn();
}, 60_000);
afterAll(async () => {
  await smtp.close();
  await drop();
});
afterEach(() => {
  smtp.received.length = 0;
  Object.assign(smtp.state, { refuseNext: 0, dropNext: 0 });
});

const workerOn = (transport: EmailTransport, maxAttempts = 3) =>
  createEmailWorker({
    db: database.db,
    log: silent,
    transport,
    from: '"Carabala" <no-reply@carabala.test>',
    host: 'carabala.test',
    site: { name: 'Carabala' },
    pollMs: 60_000,
    maxAttempts,
    backoffBaseMs: 10,
    backoffMaxMs: 10,
  });

async function queueReset(to = 'ngoc.anh@example.com', name = 'Ngọc Anh') {
  serial += 1;
  const id = await queueEmail(database.db, {
    to,
    kind: 'password_reset',
    dedupeKey: `test:${serial}`,
    params: { name, link: `https://carabala.test/dat-lai?t=${serial}`, minutes: 30 },
  });
  return id!;
}

async function emailRow(id: string) {
  const result = await database.db.execute(
    sql`select status, attempts, last_error as "lastError", sent_at as "sentAt" from emails where id = ${id}`,
  );
  const rows = (result as { rows?: unknown[] }).rows ?? (result as unknown[]);
  return rows[0] as { status: string; attempts: number; lastError: string | null; sentAt: Date | null };
}

/** Makes every waiting e-mail due now (the back-off and leases are time, not what is tested here). */
const makeDue = () => database.db.execute(sql`update emails set next_attempt_at = now() where status = 'pending'`);

describe('the e-mail worker over SMTP', () => {
  it('sends the HTML and the text with the sender, the receiver, the subject and a Message-ID of its id', async () => {
    const id = await queueReset();
    const worker = workerOn(smtpTransport(smtp.url));
    expect(await worker.runOnce()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['ngoc.anh@example.com']);
    expect(mail!.from).toBe('no-reply@carabala.test');
    expect(mail!.parsed.subject).toBe('Đặt lại mật khẩu tại Carabala');
    expect(mail!.parsed.messageId).toBe(`<${id}@carabala.test>`);
    expect(mail!.parsed.from?.text).toBe('"Carabala" <no-reply@carabala.test>');
    expect(mail!.parsed.html).toContain('Chào Ngọc Anh,');
    expect(mail!.parsed.text).toContain(`Đặt lại mật khẩu: https://carabala.test/dat-lai?t=${serial}`);
    expect(await emailRow(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    // A sent e-mail is never taken again.
    await makeDue();
    expect(await worker.runOnce()).toBe(0);
    await worker.stop();
  });

  it('keeps a hostile name out of the headers: one receiver, no Bcc', async () => {
    await queueReset('a@example.com', 'X\r\nBcc: victim@example.com');
    const worker = workerOn(smtpTransport(smtp.url));
    await worker.runOnce();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['a@example.com']);
    expect(mail!.raw).not.toMatch(/^Bcc:/im);
    await worker.stop();
  });

  it('does not send to an address that would name another receiver: dead at once, with its reason', async () => {
    const id = await queueReset('a@example.com,\r\nBcc: victim@example.com');
    const worker = workerOn(smtpTransport(smtp.url));
    await worker.runOnce();
    expect(await emailRow(id)).toMatchObject({
      status: 'dead',
      lastError: 'Địa chỉ email của người nhận không hợp lệ.',
    });
    expect(smtp.received).toHaveLength(0);
    await worker.stop();
  });

  it('keeps an e-mail while the mail server is away and sends it once when it is back', async () => {
    const id = await queueReset();
    const worker = workerOn(smtpTransport(smtp.url), 5);
    await smtp.stop();
    await worker.runOnce();
    const waiting = await emailRow(id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    await smtp.start();
    await makeDue();
    await worker.runOnce();
    await makeDue();
    await worker.runOnce();
    await smtp.waitFor(1);
    expect(smtp.received).toHaveLength(1);
    expect(await emailRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
    await worker.stop();
  });

  it('retries a refused e-mail and gives it up after the limit, with the error for staff', async () => {
    const id = await queueReset();
    smtp.state.refuseNext = 10;
    const worker = workerOn(smtpTransport(smtp.url), 3);
    for (let round = 0; round < 4; round += 1) {
      await makeDue();
      await worker.runOnce();
    }
    const dead = await emailRow(id);
    expect(dead).toMatchObject({ status: 'dead', attempts: 3 });
    expect(dead.lastError).toMatch(/451/);
    expect(smtp.received).toHaveLength(0);
    await worker.stop();
  });

  it('sends again with the same Message-ID when the outcome was unknown (the connection dropped)', async () => {
    const id = await queueReset();
    smtp.state.dropNext = 1;
    const worker = workerOn(smtpTransport(smtp.url), 5);
    await worker.runOnce();
    expect(await emailRow(id)).toMatchObject({ status: 'pending', attempts: 1 });
    await makeDue();
    await worker.runOnce();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.parsed.messageId).toBe(`<${id}@carabala.test>`);
    expect(await emailRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
    await worker.stop();
  });
});

describe('without a mail server', () => {
  it('claims nothing without SMTP_URL outside the demo: the e-mail waits, its attempts untouched', async () => {
    const id = await queueReset();
    const worker = workerOn(noTransport);
    expect(await worker.runOnce()).toBe(0);
    expect(await emailRow(id)).toMatchObject({ status: 'pending', attempts: 0 });
    await database.db.execute(sql`update emails set status = 'dead' where id = ${id}`);
  });

  it('writes the e-mail as an .eml file in the demo folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'carabala-mail-'));
    const id = await queueReset('demo@example.com');
    const worker = workerOn(folderTransport(dir));
    expect(await worker.runOnce()).toBe(1);
    const files = readdirSync(dir);
    expect(files).toEqual([expect.stringMatching(new RegExp(`-${id}\\.eml$`))]);
    const eml = readFileSync(join(dir, files[0]!), 'utf8');
    expect(eml).toContain(`Message-ID: <${id}@carabala.test>`);
    expect(eml).toContain('To: demo@example.com');
    expect(eml).toMatch(/Content-Type: text\/html/);
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(await emailRow(id)).toMatchObject({ status: 'sent' });
    await worker.stop();
  });
});

describe('the settings', () => {
  it('chooses no transport without SMTP_URL outside the demo, and hides the content from staff', async () => {
    const outbox = createEmailOutbox({
      db: database.db,
      config: testConfig(),
      log: silent,
      events: createEventBus({ redis: null, log: silent }),
      paidOrders: async () => [],
    });
    expect(outbox.transportMode).toBe('none');
    const id = await queueReset();
    await expect(outbox.content(id)).rejects.toMatchObject({ statusCode: 404 });
    await database.db.execute(sql`update emails set status = 'dead' where id = ${id}`);
    expect(createEmailOutbox({ ...outboxDeps(), config: testConfig({ DEMO_MODE: 'true' }) }).transportMode).toBe(
      'folder',
    );
    expect(createEmailOutbox({ ...outboxDeps(), config: testConfig({ SMTP_URL: smtp.url }) }).transportMode).toBe(
      'smtp',
    );
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://, and a sender on two lines', () => {
    expect(() => testConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => testConfig({ EMAIL_FROM: 'a@b.c\r\nBcc: x@y.z' })).toThrow(/EMAIL_FROM/);
    expect(senderOf(testConfig())).toBe('"Carabala" <no-reply@localhost>');
    expect(senderOf(testConfig({ EMAIL_FROM: 'Carabala <hotro@carabala.vn>' }))).toBe('Carabala <hotro@carabala.vn>');
  });
});

function outboxDeps() {
  return {
    db: database.db,
    log: silent,
    events: createEventBus({ redis: null, log: silent }),
    paidOrders: async () => [],
  };
}
