import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One SMS the stand-in took. */
export interface ReceivedSms {
  to: string;
  text: string;
  sender: string | null;
  reference: string;
  authorization: string | undefined;
}

/**
 * A stand-in on 127.0.0.1 for a Vietnamese SMS brandname gateway as the site's generic HTTP provider
 * calls it: POST /send with JSON `{ to, text, sender, reference }` and `Authorization: Bearer <token>`.
 * A wrong token answers 401, a body off that shape 400, and `failNext` answers the next sends 500;
 * each accepted SMS is recorded in `received` (its `code` is the text's 6 digits).
 */
export async function startSmsGateway(token: string) {
  const received: ReceivedSms[] = [];
  const state = { failNext: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.url !== '/send') return answer(404, { error: 'not found' });
      if (request.headers.authorization !== `Bearer ${token}`) return answer(401, { error: 'bad token' });
      let body: Partial<ReceivedSms>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<ReceivedSms>;
      } catch {
        return answer(400, { error: 'not json' });
      }
      if (typeof body.to !== 'string' || !/^\+84\d{9}$/.test(body.to) || typeof body.text !== 'string') {
        return answer(400, { error: 'bad message' });
      }
      if (state.failNext > 0) {
        state.failNext -= 1;
        return answer(500, { error: 'gateway down' });
      }
      received.push({
        to: body.to,
        text: body.text,
        sender: body.sender ?? null,
        reference: String(body.reference),
        authorization: request.headers.authorization,
      });
      answer(200, { status: 'queued', id: received.length });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  return {
    url,
    received,
    state,
    /** The code of the latest SMS to `to`. */
    codeFor(to: string): string {
      const last = received.filter((sms) => sms.to === to).at(-1);
      const code = last?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code sent to ${to}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
