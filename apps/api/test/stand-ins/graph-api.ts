import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface IssuedToken {
  appId: string;
  userId: string;
}

/**
 * A stand-in for the Facebook Graph API's debug_token on 127.0.0.1. It knows the app credentials
 * and the user tokens a test issued; like Graph, it answers an unknown token with is_valid false
 * and refuses a wrong app access token with an OAuthException.
 */
export async function startGraphStandIn(options: { appId: string; appSecret: string }) {
  const tokens = new Map<string, IssuedToken>();
  const issueToken = (userId: string, appId = options.appId) => {
    const token = `EAA${randomBytes(24).toString('hex')}`;
    tokens.set(token, { appId, userId });
    return token;
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    // Test control, for browser tests in another process: what Facebook Login would hand the SDK.
    if (req.method === 'POST' && url.pathname === '/stand-in/tokens') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const { userId, appId } = JSON.parse(raw) as { userId: string; appId?: string };
      return send(200, { token: issueToken(userId, appId) });
    }
    if (req.method !== 'GET' || url.pathname !== '/debug_token') {
      return send(404, { error: { message: 'Unknown path components', type: 'OAuthException', code: 2500 } });
    }
    if (url.searchParams.get('access_token') !== `${options.appId}|${options.appSecret}`) {
      return send(400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
    }
    const issued = tokens.get(url.searchParams.get('input_token') ?? '');
    if (!issued) {
      return send(200, {
        data: { error: { code: 190, message: 'Invalid OAuth access token.' }, is_valid: false, scopes: [] },
      });
    }
    return send(200, {
      data: {
        app_id: issued.appId,
        type: 'USER',
        application: 'Stand-in app',
        expires_at: Math.floor(Date.now() / 1000) + 3600,
        is_valid: true,
        scopes: ['email', 'public_profile'],
        user_id: issued.userId,
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** A user access token as Facebook Login would give it, for our app unless another is named. */
    issueToken,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type GraphStandIn = Awaited<ReturnType<typeof startGraphStandIn>>;
