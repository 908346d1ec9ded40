#!/usr/bin/env node
// Demo: sends the bank feed's (SePay) webhook for a transfer to a running API, as the bank would.
// Usage: npm run simulate:transfer -- <order code> <amount in dong>
// Env: API_URL (default http://127.0.0.1:<PORT_API>, the API npm start runs), SEPAY_API_KEY, BANK_ACCOUNT_NUMBER
// (the API's).
import { randomInt } from 'node:crypto';
import { demoPorts } from './processes.mjs';
import { sepayTransfer } from './sepay-transfer.mjs';

const [code, amountText] = process.argv.slice(2);
const amount = Number(amountText);
if (!code || !Number.isSafeInteger(amount) || amount <= 0) {
  console.error('Usage: npm run simulate:transfer -- <order code> <amount in dong>');
  process.exit(2);
}
const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${demoPorts().api}`;
const key = process.env.SEPAY_API_KEY ?? 'demo-sepay-key-change-me';
const account = process.env.BANK_ACCOUNT_NUMBER ?? '0123456789';
const body = sepayTransfer({ id: randomInt(1, 2 ** 47), accountNumber: account, orderCode: code, amount });
const response = await fetch(`${apiUrl}/api/webhooks/sepay`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Apikey ${key}` },
  body: JSON.stringify(body),
});
console.log(response.status, await response.text());
process.exit(response.ok ? 0 : 1);
