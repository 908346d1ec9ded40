/**
 * The load generator's reader of HTTP/1.1 responses on a keep-alive socket: the status, whether the
 * connection stays open, and the body when asked for (Content-Length or chunked framing). It is what the
 * generator needs and no more: http-parser-js, parsing every header of every answer in JavaScript, was a
 * quarter of the generator's CPU at 8,000 req/s, and its garbage a cause of the generator's own pauses.
 *
 * `createResponseReader(onResponse)` returns `read(data)`, to be called with each chunk of the socket;
 * `onResponse({ status, keepAlive, body })` is called once per complete response, `body` a Buffer only
 * when `wantBody()` said so when its head arrived. A response it cannot frame (neither length nor
 * chunks) throws: the generator counts the connection as lost.
 */
const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

export function createResponseReader(onResponse, wantBody = () => false) {
  let pending = null;
  // The response being read: its head's facts, then what remains of its body.
  let status = 0;
  let keepAlive = true;
  let keep = false;
  let parts = [];
  /** Bytes of body (or of the current chunk) still to come; -1 while a chunk's size line is awaited. */
  let remaining = 0;
  let chunked = false;
  let inHead = true;
  /** After a chunk's data: its CRLF is still to skip. */
  let chunkEnd = false;

  const finish = () => {
    const body = keep ? Buffer.concat(parts) : null;
    parts = [];
    inHead = true;
    onResponse({ status, keepAlive, body });
  };

  return function read(data) {
    const buffer = pending ? Buffer.concat([pending, data]) : data;
    pending = null;
    let offset = 0;
    while (offset < buffer.length) {
      if (inHead) {
        const end = buffer.indexOf(HEAD_END, offset);
        if (end < 0) break;
        const head = buffer.latin1Slice(offset, end);
        offset = end + 4;
        status = Number(head.slice(9, 12));
        const lower = head.toLowerCase();
        keepAlive = !lower.includes('\nconnection: close');
        keep = wantBody();
        chunked = lower.includes('\ntransfer-encoding: chunked');
        const length = /\ncontent-length: *(\d+)/.exec(lower);
        if (!chunked && !length) throw new Error(`an answer without a length: ${head.split('\r\n')[0]}`);
        inHead = false;
        chunkEnd = false;
        remaining = chunked ? -1 : Number(length[1]);
        if (!chunked && remaining === 0) finish();
        continue;
      }
      if (chunked && chunkEnd) {
        if (buffer.length - offset < 2) break;
        offset += 2;
        chunkEnd = false;
        remaining = -1;
        continue;
      }
      if (chunked && remaining === -1) {
        const end = buffer.indexOf(CRLF, offset);
        if (end < 0) break;
        const size = parseInt(buffer.latin1Slice(offset, end), 16);
        if (size === 0) {
          // The last chunk, then the blank line (no trailers are sent here): read both at once.
          if (buffer.length - (end + 2) < 2) break;
          offset = end + 4;
          finish();
          continue;
        }
        remaining = size;
        offset = end + 2;
        continue;
      }
      const take = Math.min(remaining, buffer.length - offset);
      if (keep) parts.push(buffer.subarray(offset, offset + take));
      offset += take;
      remaining -= take;
      if (remaining > 0) break;
      if (chunked) chunkEnd = true;
      else finish();
    }
    if (offset < buffer.length) pending = Buffer.from(buffer.subarray(offset));
  };
}
