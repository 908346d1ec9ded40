import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatChannel = 'telegram' | 'slack' | 'discord' | 'webhook';

/** One message a stand-in took: the text a person would read, and the raw request. */
export interface ChatMessage {
  channel: ChatChannel;
  text: string;
  body: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  at: number;
}

const TELEGRAM_TOKEN = /^\/bot(\d+:[\w-]+)\/sendMessage$/;

/**
 * Stand-ins on 127.0.0.1 for the chat services the alerts post to, each checking the documented request
 * and answering as the service does:
 * - Telegram Bot API: POST {api}/bot<token>/sendMessage, JSON with `chat_id` and `text` (1–4096
 *   characters); {ok: true, result} or {ok: false, error_code, description};
 * - Slack incoming webhook: POST JSON {text}; 200 `ok`, or 400 `invalid_payload`;
 * - Discord webhook: POST JSON {content} (at most 2,000 characters); 204, or 400;
 * - a generic JSON webhook at /hook: when `webhookSecret` is given, X-Signature must be sha256=<HMAC of the body>.
 * A request that breaks the shape is refused and listed in `refused`; `failNext[channel]` makes the next
 * requests of a channel fail with 500 (Telegram: 502 with {ok: false}).
 */
export async function startChatStandIns(options: { telegramToken: string; chatId: string; webhookSecret?: string }) {
  const messages: ChatMessage[] = [];
  const refused: { channel: string; reason: string }[] = [];
  const failNext: Partial<Record<ChatChannel, number>> = {};
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      const channel: ChatChannel | null = TELEGRAM_TOKEN.test(path)
        ? 'telegram'
        : path.startsWith('/slack/')
          ? 'slack'
          : path.startsWith('/discord/')
            ? 'discord'
            : path === '/hook'
              ? 'webhook'
              : null;
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, typeof body === 'string' ? {} : { 'content-type': 'application/json' });
        response.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      const refuse = (reason: string, status = 400) => {
        refused.push({ channel: channel ?? path, reason });
        if (channel === 'telegram') answer(status, { ok: false, error_code: status, description: reason });
        else answer(status, reason);
      };
      if (!channel) return refuse('unknown path', 404);
      if (request.method !== 'POST') return refuse('not a POST', 405);
      if (!String(request.headers['content-type']).startsWith('application/json')) return refuse('not JSON');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return refuse('body is not JSON');
      }
      if ((failNext[channel] ?? 0) > 0) {
        failNext[channel]! -= 1;
        return channel === 'telegram'
          ? answer(502, { ok: false, error_code: 502, description: 'Bad Gateway' })
          : answer(500, 'down');
      }
      const save = (text: unknown) => {
        messages.push({ channel, text: String(text), body, headers: request.headers, at: Date.now() });
      };
      if (channel === 'telegram') {
        if (TELEGRAM_TOKEN.exec(path)![1] !== options.telegramToken) return refuse('Unauthorized', 401);
        if (String(body.chat_id) !== options.chatId) return refuse('Bad Request: chat not found');
        if (typeof body.text !== 'string' || body.text.length < 1 || body.text.length > 4096) {
          return refuse('Bad Request: message text is empty or too long');
        }
        save(body.text);
        return answer(200, { ok: true, result: { message_id: messages.length, text: body.text } });
      }
      if (channel === 'slack') {
        if (typeof body.text !== 'string' || !body.text) return refuse('invalid_payload');
        save(body.text);
        return answer(200, 'ok');
      }
      if (channel === 'discord') {
        if (typeof body.content !== 'string' || !body.content || body.content.length > 2000) {
          return refuse('Cannot send an empty message');
        }
        save(body.content);
        response.writeHead(204).end();
        return;
      }
      if (options.webhookSecret) {
        const expected = `sha256=${createHmac('sha256', options.webhookSecret).update(raw).digest('hex')}`;
        if (request.headers['x-signature'] !== expected) return refuse('bad signature', 401);
      }
      save(body.text);
      return answer(200, { received: true });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    /** The addresses to configure: Telegram's API root, and the three webhooks. */
    telegramApiUrl: url,
    slackUrl: `${url}/slack/T0000/B0000/XXXXXXXX`,
    discordUrl: `${url}/discord/api/webhooks/1234/abcd`,
    webhookUrl: `${url}/hook`,
    messages,
    refused,
    failNext,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
