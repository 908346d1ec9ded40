import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { seedDemoData } from '../src/db/seed';
import { createTestDatabase, testConfig } from './helpers';
import { startSmtpStandIn, type SmtpStandIn } from './stand-ins/smtp-server';

// The whole path through a real mail server: the app's own e-mail worker (SMTP_URL) sends what the
// accounts module queued, and the link read from the received e-mail works.
let app: FastifyInstance;
let smtp: SmtpStandIn;
let drop: () => Promise<void>;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  const created = await createTestDatabase();
  drop = created.drop;
  const config = testConfig({
    SMTP_URL: smtp.url,
    EMAIL_FROM: 'Carabala <hotro@carabala.test>',
    PUBLIC_WEB_URL: 'https://carabala.test',
  });
  await seedDemoData(created.database.db, config.JWT_SECRET);
  app = await buildApp({ config, database: created.database, ownsDatabase: false });
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await drop?.();
  await smtp?.close();
});

describe('sign-up through a real mail server', () => {
  it('sends the verification e-mail over SMTP, whose link verifies the account', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/accounts/sign-up',
      payload: {
        username: 'thu.smtp',
        password: 'matkhau-moi-123',
        email: 'thu.smtp@example.vn',
        fullName: 'Trần Thư',
        birthDate: '2000-05-05',
        phone: '0912 345 999',
      },
    });
    expect(answer.statusCode).toBe(200);
    expect(await app.services.emails.worker.runOnce()).toBeGreaterThanOrEqual(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['thu.smtp@example.vn']);
    expect(mail!.from).toBe('hotro@carabala.test');
    expect(mail!.parsed.subject).toBe('Xác minh địa chỉ email tại Carabala');
    expect(mail!.parsed.messageId).toMatch(/^<[0-9a-f-]{36}@carabala\.test>$/);
    const link = /https:\/\/carabala\.test\/xac-minh-email#([\w-]+)/.exec(mail!.parsed.text ?? '');
    expect(link).not.toBeNull();
    expect(mail!.parsed.html).toContain(`href="${link![0]}"`);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/accounts/verify-email',
      payload: { token: link![1] },
    });
    expect(verified.statusCode).toBe(200);
    // Sent once: another round takes nothing.
    expect(await app.services.emails.worker.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });
});
