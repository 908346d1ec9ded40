import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of a real server (PostgreSQL), that a test can stop, cutting every
 * connection and refusing new ones as a server that went away does, and start again on the same port.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  async function start() {
    const listening = createServer((client) => {
      const upstream = createConnection(target);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
    port = (listening.address() as { port: number }).port;
    server = listening;
  }

  async function stop() {
    const running = server;
    server = null;
    if (!running) return;
    const closed = new Promise<void>((resolve) => running.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  }

  await start();
  return { port: () => port, start, stop };
}
