import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the stand-in accepted: its envelope, raw source and parsed form. */
export interface ReceivedEmail {
  from: string;
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

/**
 * A mail server on 127.0.0.1 (the `smtp-server` package) that records what it accepted. It can be told
 * to refuse the next messages with a temporary error (451), to drop the connection before answering
 * (the outcome unknown to the sender), or it can be stopped and started again on the same port.
 */
export async function startSmtpStandIn(options: { port?: number } = {}) {
  const received: ReceivedEmail[] = [];
  const state = { refuseNext: 0, dropNext: 0, attempts: 0 };
  let port = options.port ?? 0;
  let server: SMTPServer | null = null;

  async function listen() {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          state.attempts += 1;
          if (state.dropNext > 0) {
            state.dropNext -= 1;
            // Accept nothing, answer nothing: the sender cannot know whether the message went.
            const connections = (
              server as unknown as { connections: Set<{ id: string; _socket: { destroy(): void } }> }
            ).connections;
            for (const connection of connections) if (connection.id === session.id) connection._socket.destroy();
            return;
          }
          if (state.refuseNext > 0) {
            state.refuseNext -= 1;
            const error = new Error('Try again later') as Error & { responseCode: number };
            error.responseCode = 451;
            callback(error);
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          void simpleParser(raw).then((parsed) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw,
              parsed,
            });
            callback();
          }, callback);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = ((server as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo).port;
  }

  async function stop() {
    const closing = server;
    server = null;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await listen();
  return {
    received,
    state,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    /** Waits until `count` messages were accepted (or fails after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} e-mails, received ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    /** Stops listening: the mail server is away. */
    stop,
    /** Listens again on the same port. */
    start: listen,
    close: stop,
  };
}

export type SmtpStandIn = Awaited<ReturnType<typeof startSmtpStandIn>>;
