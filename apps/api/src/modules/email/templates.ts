import { formatVietnamTime, formatVnd } from '@carabala/contracts/labels';
import { text } from '../../lib/sentences';
import type { EmailInput } from './repository';

/** An e-mail as it is sent: its subject (one line), its HTML and its plain text. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** What every e-mail names: the site's name (BRAND_NAME). */
export interface EmailSite {
  name: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside HTML, in an element or an attribute. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** A value on one line: no line break or control character can start a header or a new paragraph. */
export const oneLine = (value: unknown) =>
  String(value ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .trim()
    .slice(0, 300);

/** Only a web link is a link; anything else (javascript:, data:) is refused. */
const safeLink = (value: string) => (/^https?:\/\/[^\s"'<>]+$/i.test(value) ? value : null);

/** A time as Vietnamese players read it; a value that is no time is shown as it is. */
const timeOf = (value: unknown) => {
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? oneLine(value) : formatVietnamTime(date);
};

const say = (key: string, params: Record<string, string | number> = {}) => text(`server.email.${key}`, params);

/** One block of an e-mail: a paragraph, a button with its link, or a table of labelled values. */
type Block =
  | { kind: 'paragraph'; text: string; muted?: boolean }
  | { kind: 'button'; label: string; link: string }
  | { kind: 'facts'; rows: [label: string, value: string][] };

const paragraph = (value: string, muted = false): Block => ({ kind: 'paragraph', text: value, muted });

function htmlOf(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:${block.muted ? '#6b6b6b' : '#1f1f1f'}">${escapeHtml(block.text)}</p>`;
    case 'button': {
      const href = escapeHtml(block.link);
      return (
        `<p style="margin:24px 0;text-align:center"><a href="${href}" style="display:inline-block;padding:12px 24px;` +
        `background:#b8860b;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;font-size:15px">` +
        `${escapeHtml(block.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#6b6b6b">${escapeHtml(say('linkFallback'))}<br>` +
        `<a href="${href}" style="color:#1a4f9c;word-break:break-all">${escapeHtml(block.link)}</a></p>`
      );
    }
    case 'facts':
      return (
        `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px;font-size:15px">` +
        block.rows
          .map(
            ([label, value]) =>
              `<tr><td style="padding:6px 8px 6px 0;color:#6b6b6b;vertical-align:top">${escapeHtml(label)}</td>` +
              `<td style="padding:6px 0;color:#1f1f1f;font-weight:bold;text-align:right">${escapeHtml(value)}</td></tr>`,
          )
          .join('') +
        `</table>`
      );
  }
}

function textOf(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'button':
      return `${block.label}: ${block.link}`;
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
  }
}

/** The layout: the site's name on top, the blocks, a footer line; inline styles, one column, for a phone. */
function layout(site: EmailSite, subject: string, greeting: string, blocks: Block[]): RenderedEmail {
  const siteName = oneLine(site.name);
  const footer = say('footer', { site: siteName });
  const all = [paragraph(greeting), ...blocks];
  const html =
    `<!doctype html><html lang="vi"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f4f1ea;font-family:Arial,Helvetica,sans-serif">` +
    `<div style="max-width:560px;margin:0 auto;padding:16px">` +
    `<div style="padding:16px 20px;background:#2b1d0e;color:#f5d37a;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(siteName)}</div>` +
    `<div style="padding:24px 20px;background:#ffffff;border-radius:0 0 8px 8px">${all.map(htmlOf).join('')}</div>` +
    `<p style="margin:16px 4px;font-size:12px;line-height:1.5;color:#6b6b6b;text-align:center">${escapeHtml(footer)}</p>` +
    `</div></body></html>`;
  const plain = [siteName, '', ...all.map(textOf).flatMap((part) => [part, '']), '--', footer, ''].join('\n');
  return { subject: oneLine(subject), html, text: plain };
}

/** The blocks of a link to follow (verification, reset), or a notice that the link was unusable. */
function linkBlocks(link: string, action: string, expiry: string, ignore: string): Block[] {
  const safe = safeLink(oneLine(link));
  return [
    ...(safe ? [{ kind: 'button', label: action, link: safe } as const] : []),
    paragraph(expiry, true),
    paragraph(ignore, true),
  ];
}

/**
 * Renders an e-mail from its kind and params, in Vietnamese (the catalogue's `server.email`). Every
 * value is escaped in the HTML and kept on one line, so a name like `<script>` or `\r\nBcc:` is text.
 */
export function renderEmail(email: EmailInput, site: EmailSite): RenderedEmail {
  const siteName = oneLine(site.name);
  const name = oneLine(email.params.name);
  const greeting = say('greeting', { name });
  switch (email.kind) {
    case 'verify_email':
      return layout(site, say('verifyEmail.subject', { site: siteName }), greeting, [
        paragraph(say('verifyEmail.intro', { site: siteName })),
        ...linkBlocks(
          email.params.link,
          say('verifyEmail.action'),
          say('verifyEmail.expiry', { hours: Number(email.params.hours) || 0 }),
          say('verifyEmail.ignore'),
        ),
      ]);
    case 'password_reset':
      return layout(site, say('passwordReset.subject', { site: siteName }), greeting, [
        paragraph(say('passwordReset.intro')),
        ...linkBlocks(
          email.params.link,
          say('passwordReset.action'),
          say('passwordReset.expiry', { minutes: Number(email.params.minutes) || 0 }),
          say('passwordReset.ignore'),
        ),
      ]);
    case 'receipt': {
      const { params } = email;
      const rows: [string, string][] = [
        [say('receipt.order'), oneLine(params.orderCode)],
        [say('receipt.pack'), oneLine(params.packName)],
        [say('receipt.amount'), formatVnd(Number(params.amount) || 0)],
        [say('receipt.paidAt'), timeOf(params.paidAt)],
      ];
      if (params.receiver) {
        rows.push([
          say('receipt.receiver'),
          say('receipt.receiverLine', {
            name: oneLine(params.receiver.name),
            shortId: oneLine(params.receiver.shortId),
          }),
        ]);
      }
      const intro = params.asReceiver ? 'receipt.introReceiver' : 'receipt.intro';
      return layout(site, say('receipt.subject', { orderCode: oneLine(params.orderCode) }), greeting, [
        paragraph(say(intro, { site: siteName })),
        { kind: 'facts', rows },
      ]);
    }
    case 'new_device':
      return layout(site, say('newDevice.subject', { site: siteName }), greeting, [
        paragraph(say('newDevice.intro')),
        {
          kind: 'facts',
          rows: [
            [say('newDevice.device'), oneLine(email.params.device)],
            [say('newDevice.ip'), oneLine(email.params.ip)],
            [say('newDevice.at'), timeOf(email.params.at)],
          ],
        },
        paragraph(say('newDevice.advice'), true),
      ]);
  }
}
