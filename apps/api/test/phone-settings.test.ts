import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { phoneGatesOf, smsModeOf } from '../src/config-accounts';
import { folderSmsSender, httpSmsSender, SmsNotSent } from '../src/modules/phone';
import { testConfig } from './helpers';

/** The SMS and phone-policy settings (decision record 057): what is refused at start, and the demo's folder. */
const folder = mkdtempSync(join(tmpdir(), 'sms-folder-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('SMS settings', () => {
  it('refuses an http provider without its address and token, and the folder outside the demo', () => {
    expect(() => testConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.vn/send' })).toThrow(
      /SMS_PROVIDER=http needs SMS_HTTP_URL and SMS_HTTP_TOKEN/,
    );
    expect(() => testConfig({ SMS_PROVIDER: 'folder' })).toThrow(/for the demo only/);
    expect(() => testConfig({ PHONE_VERIFICATION_REQUIRED: 'buy,fly' })).toThrow(/PHONE_VERIFICATION_REQUIRED/);
  });

  it('sends through the folder in the demo and nowhere otherwise; the policy is off outside production', () => {
    expect(smsModeOf({}, true)).toBe('folder');
    expect(smsModeOf({}, false)).toBe('none');
    expect(phoneGatesOf({ NODE_ENV: 'production' })).toEqual(['buy', 'play']);
    expect(phoneGatesOf({ NODE_ENV: 'development' })).toEqual([]);
    expect(phoneGatesOf({ NODE_ENV: 'production', PHONE_VERIFICATION_REQUIRED: 'off' })).toEqual([]);
    expect(phoneGatesOf({ NODE_ENV: 'test', PHONE_VERIFICATION_REQUIRED: ' sign-in , buy' })).toEqual([
      'sign-in',
      'buy',
    ]);
  });

  it('writes each demo SMS to its own file, owner-only', async () => {
    const sender = folderSmsSender(folder);
    await sender.sendSms('+84912345678', 'Ma 123456');
    await sender.sendSms('+84912345678', 'Ma 654321');
    const files = readdirSync(folder);
    expect(files).toHaveLength(2);
    const texts = files.map((name) => readFileSync(join(folder, name), 'utf8'));
    expect(texts.some((text) => text.includes('To: +84912345678') && text.includes('Ma 654321'))).toBe(true);
    expect(statSync(join(folder, files[0]!)).mode & 0o777).toBe(0o600);
  });

  it('reports an unreachable gateway as not sent', async () => {
    const sender = httpSmsSender({
      url: 'http://127.0.0.1:9/send',
      token: 'token-123456',
      sender: null,
      timeoutMs: 1000,
    });
    await expect(sender.sendSms('+84912345678', 'x')).rejects.toBeInstanceOf(SmsNotSent);
  });
});
