import { createHmac } from 'node:crypto';
import type { AlertChannel, AlertRule } from '@carabala/contracts';
import type { Config } from '../../lib/deps';

/** One alert as the channels send it. */
export interface AlertMessage {
  rule: AlertRule;
  kind: 'started' | 'ended';
  /** The rule's name. */
  title: string;
  /** What the rule measured. */
  detail: string;
  /** The console page that shows the problem, as a full address. */
  link: string;
  at: Date;
  /** The whole message in Vietnamese, as a chat shows it. */
  text: string;
}

export interface Channel {
  name: AlertChannel;
  /** Resolves once the channel took the message; rejects with a reason that names no secret. */
  send(message: AlertMessage): Promise<void>;
}

const TIMEOUT_MS = 10_000;
/** Discord refuses a `content` over 2,000 characters; Telegram a text over 4,096. */
const DISCORD_MAX = 2000;
const TELEGRAM_MAX = 4096;

/** POSTs a JSON body; a refused connection, a timeout or a non-2xx answer is an error naming `channel`. */
async function postJson(
  channel: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const text = JSON.stringify(body);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: text,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    // fetch's own message ("fetch failed") hides the cause; neither names the address (a token may be in it).
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new Error(`${channel}: ${cause ?? (error instanceof Error ? error.name : 'error')}`, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${channel} answered ${response.status}`);
  }
  return response;
}

/**
 * The channels configured: Telegram (Bot API sendMessage), Slack (incoming webhook), Discord (webhook) and a
 * generic JSON webhook (signed when ALERT_WEBHOOK_SECRET is set), each only when its settings are there.
 */
export function configuredChannels(config: Config): Channel[] {
  const channels: Channel[] = [];
  const { ALERT_TELEGRAM_BOT_TOKEN: token, ALERT_TELEGRAM_CHAT_ID: chatId } = config;
  if (token && chatId) {
    const url = `${config.ALERT_TELEGRAM_API_URL.replace(/\/$/, '')}/bot${token}/sendMessage`;
    channels.push({
      name: 'telegram',
      async send(message) {
        const response = await postJson('Telegram', url, {
          chat_id: chatId,
          text: message.text.slice(0, TELEGRAM_MAX),
          link_preview_options: { is_disabled: true },
        });
        // The Bot API answers {ok, result} or {ok: false, description}.
        const answer = (await response.json().catch(() => null)) as { ok?: boolean; description?: string } | null;
        if (answer?.ok !== true) throw new Error(`Telegram refused: ${answer?.description ?? 'no ok in the answer'}`);
      },
    });
  }
  const slack = config.ALERT_SLACK_WEBHOOK_URL;
  if (slack) {
    channels.push({
      name: 'slack',
      async send(message) {
        await (await postJson('Slack', slack, { text: message.text })).body?.cancel();
      },
    });
  }
  const discord = config.ALERT_DISCORD_WEBHOOK_URL;
  if (discord) {
    channels.push({
      name: 'discord',
      async send(message) {
        await (await postJson('Discord', discord, { content: message.text.slice(0, DISCORD_MAX) })).body?.cancel();
      },
    });
  }
  const webhook = config.ALERT_WEBHOOK_URL;
  if (webhook) {
    const secret = config.ALERT_WEBHOOK_SECRET;
    channels.push({
      name: 'webhook',
      async send(message) {
        const body = {
          rule: message.rule,
          state: message.kind,
          title: message.title,
          detail: message.detail,
          link: message.link,
          at: message.at.toISOString(),
          text: message.text,
        };
        const signature = secret
          ? { 'x-signature': `sha256=${createHmac('sha256', secret).update(JSON.stringify(body)).digest('hex')}` }
          : undefined;
        await (await postJson('Webhook', webhook, body, signature)).body?.cancel();
      },
    });
  }
  return channels;
}
