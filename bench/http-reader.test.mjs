import { describe, expect, it } from 'vitest';
import { createResponseReader } from './http-reader.mjs';

const answers = [
  'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello',
  'HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n3\r\nabc\r\n4\r\ndefg\r\n0\r\n\r\n',
  'HTTP/1.1 204 No Content\r\ncontent-length: 0\r\n\r\n',
  'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello',
];
const expected = [
  { status: 200, keepAlive: true, body: 'hello' },
  { status: 404, keepAlive: false, body: 'abcdefg' },
  { status: 204, keepAlive: true, body: '' },
  { status: 200, keepAlive: true, body: 'hello' },
];

const reader = (wantBody = () => true) => {
  const got = [];
  const read = createResponseReader(({ status, keepAlive, body }) => {
    got.push({ status, keepAlive, body: body?.toString('utf8') ?? null });
  }, wantBody);
  return { got, read };
};

describe("the load generator's response reader", () => {
  const bytes = Buffer.from(answers.join(''));

  it('reads the same four answers however the socket cuts the bytes', () => {
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      const { got, read } = reader();
      read(bytes.subarray(0, cut));
      read(bytes.subarray(cut));
      expect(got).toEqual(expected);
    }
    const { got, read } = reader();
    for (const byte of bytes) read(Buffer.from([byte]));
    expect(got).toEqual(expected);
  });

  it('keeps a body only when asked, and refuses an answer it cannot frame', () => {
    const { got, read } = reader(() => false);
    read(bytes);
    expect(got.map(({ body }) => body)).toEqual([null, null, null, null]);
    expect(() => reader().read(Buffer.from('HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nhello'))).toThrow(
      /without a length/,
    );
  });
});
