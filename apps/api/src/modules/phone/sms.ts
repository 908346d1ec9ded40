import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One small interface over whatever sends the site's SMS (decision record 057). */
export interface SmsSender {
  /** `http`: a gateway; `folder`: the demo's files. */
  readonly mode: 'http' | 'folder';
  /** Resolves once the gateway accepted the message; throws when it refused it or did not answer. */
  sendSms(to: string, text: string): Promise<void>;
}

export class SmsNotSent extends Error {}

export interface HttpSmsOptions {
  url: string;
  token: string;
  /** The registered brandname; the gateway's default when null. */
  sender: string | null;
  timeoutMs: number;
}

/**
 * A generic SMS gateway over HTTP, as Vietnamese brandname gateways take it: one POST of JSON
 * `{ to, text, sender, reference }` with `Authorization: Bearer <token>`. Any 2xx answer is a send;
 * anything else, or no answer within the timeout, is not (SmsNotSent, the answer's status only: the
 * body may echo the message, which holds a code).
 */
export function httpSmsSender(options: HttpSmsOptions): SmsSender {
  return {
    mode: 'http',
    async sendSms(to, text) {
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
          body: JSON.stringify({ to, text, sender: options.sender, reference: randomUUID() }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new SmsNotSent(`SMS gateway unreachable: ${(error as Error).name}`);
      }
      await response.body?.cancel();
      if (!response.ok) throw new SmsNotSent(`SMS gateway answered ${response.status}`);
    },
  };
}

/** The demo's stand-in: each SMS a file in `folder` (who, when, the text), never sent anywhere. */
export function folderSmsSender(folder: string): SmsSender {
  return {
    mode: 'folder',
    async sendSms(to, text) {
      await mkdir(folder, { recursive: true });
      const at = new Date().toISOString();
      const name = `${at.replace(/[:.]/g, '-')}-${to.replace(/\D/g, '')}-${randomUUID().slice(0, 8)}.txt`;
      await writeFile(join(folder, name), `To: ${to}\nAt: ${at}\n\n${text}\n`, { mode: 0o600 });
    },
  };
}
