import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, createConnection } from 'node:net';

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Whether something accepts connections on the port. */
const accepting = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * A real Redis this test owns, on a free port, without persistence: it can be stopped (the process
 * killed, so connections are cut as in an outage) and started again on the same port, or frozen.
 */
export async function startRedisServer() {
  const port = await freePort();
  let child: ChildProcess | null = null;

  async function start() {
    child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let waited = 0; !(await accepting(port)); waited += 20) {
      if (waited > 5000) throw new Error(`redis-server did not start on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function stop() {
    const running = child;
    if (!running || running.exitCode !== null) return;
    child = null;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  }

  /** Freezes the server (SIGSTOP): connections stay open and commands go unanswered, as in a hang. */
  const pause = () => child?.kill('SIGSTOP');
  const resume = () => child?.kill('SIGCONT');

  await start();
  return { port, url: `redis://127.0.0.1:${port}`, start, stop, pause, resume };
}
