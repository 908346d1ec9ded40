import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { RenderedEmail } from './templates';

/** One e-mail handed to the transport: rendered, addressed, with its stable Message-ID. */
export interface OutgoingEmail extends RenderedEmail {
  id: string;
  from: string;
  to: string;
  /** `<id@host>`: the same on every attempt, so a resend after an unknown outcome is the same message. */
  messageId: string;
}

/**
 * Where e-mails go: `smtp` (SMTP_URL), `folder` (demo mode without SMTP_URL: .eml files in MAIL_DIR),
 * or `none` (no SMTP_URL outside the demo: nothing is sent, the e-mails wait in the outbox).
 */
export interface EmailTransport {
  mode: 'smtp' | 'folder' | 'none';
  /** Resolves once the server accepted the message (or the file is written); throws otherwise. */
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/** How long a mail server may take: each is far below the worker's lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

const messageOf = (email: OutgoingEmail) => ({
  from: email.from,
  to: email.to,
  subject: email.subject,
  html: email.html,
  text: email.text,
  messageId: email.messageId,
  // Nothing in the message may name other recipients: the envelope is the one address.
  envelope: { from: addressOf(email.from), to: email.to },
});

/** The bare address of a sender written `Name <address>`. */
export function addressOf(sender: string): string {
  const match = /<([^<>\s]+)>\s*$/.exec(sender);
  return match ? match[1]! : sender.trim();
}

/** Sends over SMTP: smtp:// (STARTTLS when the server offers it) or smtps://, with the URL's user and password. */
export function smtpTransport(url: string): EmailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    mode: 'smtp',
    async send(email) {
      await transporter.sendMail(messageOf(email));
    },
    close: () => transporter.close(),
  };
}

/** The demo's transport: each e-mail becomes `<created>-<id>.eml` in `dir` (opened by any mail reader). */
export function folderTransport(dir: string): EmailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = resolve(dir);
  return {
    mode: 'folder',
    async send(email) {
      const info = await transporter.sendMail(messageOf(email));
      await mkdir(folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(join(folder, `${stamp}-${email.id}.eml`), info.message as Buffer);
    },
    close: () => transporter.close(),
  };
}

/** No mail server: every attempt fails without counting, so the e-mails wait (see the worker). */
export const noTransport: EmailTransport = {
  mode: 'none',
  send: () => Promise.reject(new Error('SMTP_URL is not set')),
  close: () => undefined,
};

/** The transport the settings choose: SMTP_URL; else the folder in demo mode; else none. */
export function configuredTransport(config: { SMTP_URL?: string; DEMO_MODE: boolean; MAIL_DIR: string }) {
  if (config.SMTP_URL) return smtpTransport(config.SMTP_URL);
  if (config.DEMO_MODE) return folderTransport(config.MAIL_DIR);
  return noTransport;
}
