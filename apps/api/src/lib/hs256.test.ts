import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyHs256 } from './hs256';

const key = new TextEncoder().encode('a-signing-key-of-the-tests-32-bytes!');
const sign = (claims: Record<string, unknown>, { alg = 'HS256', expires = '1h', signWith = key } = {}) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg, typ: 'JWT' })
    .setSubject('user-1')
    .setIssuedAt()
    .setExpirationTime(expires)
    .sign(signWith);

describe('verifyHs256', () => {
  it('accepts what jose signs, with its claims', async () => {
    const claims = verifyHs256(await sign({ sid: 'session-1' }), key);
    expect(claims).toMatchObject({ sid: 'session-1', sub: 'user-1', exp: expect.any(Number) });
  });

  it('refuses another key, a changed payload or signature, and another algorithm', async () => {
    const token = await sign({ sid: 'session-1' });
    expect(verifyHs256(token, new TextEncoder().encode('another-key-of-the-tests-32-bytes!!'))).toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ sid: 'session-2', sub: 'user-1', exp: 9e9 })).toString('base64url');
    expect(verifyHs256(`${header}.${forged}.${signature}`, key)).toBeNull();
    expect(verifyHs256(`${header}.${payload}.${signature.slice(0, -2)}AA`, key)).toBeNull();
    expect(verifyHs256(`${header}.${payload}.`, key)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(verifyHs256(`${none}.${payload}.${signature}`, key)).toBeNull();
    expect(verifyHs256(await sign({ sid: 'session-1' }, { alg: 'HS512' }), key)).toBeNull();
  });

  it('refuses an expired token, one without exp, one not yet valid, and malformed text', async () => {
    expect(verifyHs256(await sign({ sid: 's' }, { expires: '1s' }), key, Date.now() + 2000)).toBeNull();
    const noExpiry = await new SignJWT({ sid: 's' }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect(verifyHs256(noExpiry, key)).toBeNull();
    const later = await new SignJWT({ sid: 's' })
      .setProtectedHeader({ alg: 'HS256' })
      .setNotBefore('1h')
      .setExpirationTime('2h')
      .sign(key);
    expect(verifyHs256(later, key)).toBeNull();
    // A critical extension this verifier does not know: refused, as RFC 7515 requires.
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signed = `${encode({ alg: 'HS256', crit: ['x-ext'], 'x-ext': 1 })}.${encode({ sid: 's', exp: 9e9 })}`;
    const critical = `${signed}.${createHmac('sha256', key).update(signed).digest('base64url')}`;
    expect(verifyHs256(critical, key)).toBeNull();
    const plain = `${encode({ alg: 'HS256' })}.${encode({ sid: 's', exp: 9e9 })}`;
    expect(verifyHs256(`${plain}.${createHmac('sha256', key).update(plain).digest('base64url')}`, key)).not.toBeNull();
    for (const text of ['', 'a.b', 'a.b.c.d', '!!.??.**', 'e30.e30.e30']) expect(verifyHs256(text, key)).toBeNull();
  });
});
