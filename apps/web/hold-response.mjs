/**
 * Holds a response's head and body while `holds(header)` says so, and hands them to `finish` at
 * `end()`: how the security wrapper adds the CSP of a whole HTML page (security.mjs) and how a page
 * failed by the API's absence becomes the 503 page (unavailable-page.mjs). `holds` is asked at each
 * call until the body starts, with `header(name)`: a header given to writeHead (any spelling) or else
 * set with setHeader, in lower case, and `status()`. Whatever it does not hold passes through untouched.
 *
 * `finish({ body, head, header, original, done })` gets the held bytes, the writeHead arguments (or
 * null), the response's own methods (to send with, or to put back) and end()'s callback.
 */
export function holdResponse(response, holds, finish) {
  const original = {
    writeHead: response.writeHead.bind(response),
    write: response.write.bind(response),
    end: response.end.bind(response),
    flushHeaders: response.flushHeaders.bind(response),
  };
  let head = null;
  const chunks = [];
  const header = (name) => {
    const given = head?.find((value) => typeof value === 'object' && value !== null && !Array.isArray(value)) ?? {};
    const key = Object.keys(given).find((candidate) => candidate.toLowerCase() === name);
    return String((key ? given[key] : response.getHeader(name)) ?? '').toLowerCase();
  };
  const status = () => (typeof head?.[0] === 'number' ? head[0] : response.statusCode);
  const holding = () => holds({ header, status });
  const toBuffer = (chunk, encoding) =>
    Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8');

  response.writeHead = (...args) => {
    head = args;
    if (holding()) return response;
    return original.writeHead(...args);
  };
  response.flushHeaders = () => {
    if (!holding()) original.flushHeaders();
  };
  response.write = (chunk, encoding, callback) => {
    if (!holding()) return original.write(chunk, encoding, callback);
    if (chunk != null) chunks.push(toBuffer(chunk, encoding));
    if (typeof encoding === 'function') encoding();
    else if (typeof callback === 'function') callback();
    return true;
  };
  response.end = (chunk, encoding, callback) => {
    if (!holding()) return original.end(chunk, encoding, callback);
    if (chunk != null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
    const done = [chunk, encoding, callback].find((value) => typeof value === 'function');
    return finish({ body: Buffer.concat(chunks), head, header, original, done });
  };
}
