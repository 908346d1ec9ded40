import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, TEST_SEPAY_API_KEY } from './helpers';

let nextEventId = Math.floor(Math.random() * 1_000_000) * 1000;

/** A SePay-format webhook body for a transfer whose memo carries `code`, as banks wrap it. */
export function sepayEvent(code: string, amount: number, overrides: Record<string, unknown> = {}) {
  nextEventId += 1;
  return {
    id: nextEventId,
    gateway: 'MBBank',
    transactionDate: '2026-11-21 10:15:00',
    accountNumber: '0123456789',
    code: null,
    content: `MBVCB.3278907687.${code.slice(0, 6)} ${code.slice(6)}.CT tu 0011004123456 NGUYEN VAN A`,
    transferType: 'in',
    transferAmount: amount,
    accumulated: 19_077_000,
    subAccount: null,
    referenceCode: `FT${nextEventId}`,
    description: '',
    ...overrides,
  };
}

export const webhookHeaders = { authorization: `Apikey ${TEST_SEPAY_API_KEY}` };

export async function postWebhook(app: FastifyInstance, body: unknown, headers = webhookHeaders) {
  return app.inject({ method: 'POST', url: '/api/webhooks/sepay', headers, payload: body as object });
}

export async function buy(
  app: FastifyInstance,
  shortId: string,
  productId: number,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/transactions/bank',
    headers,
    payload: { shortId, productId },
  });
  return response;
}

/** Orders a pack and returns its id and code. */
export async function order(app: FastifyInstance, shortId: string, productId: number) {
  const created = await buy(app, shortId, productId);
  if (created.statusCode !== 200) throw new Error(`purchase failed: ${created.body}`);
  const id: string = created.json().data.id;
  const detail = await app.inject({ method: 'GET', url: `/api/transactions/bank/${id}` });
  return { id, code: detail.json().data.code as string, totalPrice: detail.json().data.totalPrice as number };
}

export async function transaction(app: FastifyInstance, id: string) {
  return (await app.inject({ method: 'GET', url: `/api/transactions/bank/${id}` })).json().data;
}

/**
 * A new pack (a draft) made by `token` (a catalogue writer whose session entered a code, as the demo
 * sign-in does), published unless said: 100 Kim cương for 100,000đ unless `body` says otherwise; its id.
 */
export async function createTestPack(app: FastifyInstance, token: string, body: object, publish = true) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/internal/catalogue/packs',
    headers: bearer(token),
    payload: {
      title: 'Gói thử nghiệm',
      tab: 'flash-sale',
      price: 100_000,
      items: [{ itemId: 'diamond', quantity: 100 }],
      ...body,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const id: number = created.json().data.id;
  if (publish) {
    const published = await app.inject({
      method: 'POST',
      url: `/api/internal/catalogue/packs/${id}/publish`,
      headers: bearer(token),
    });
    expect(published.statusCode, published.body).toBe(200);
  }
  return id;
}
