import fc from 'fast-check';

/**
 * What the fuzz sends: requests generated from each operation's schemas, values that fit and hostile
 * ones. The suite (fuzz.test.ts) fills `known` with values that exist, so that some requests reach
 * past the "not found" checks.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  additionalProperties?: JsonSchema | boolean;
}

export interface Operation {
  method: string;
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema }[];
  body?: JsonSchema;
}

export type Role = 'guest' | 'player' | 'staff';

export interface GeneratedRequest {
  role: Role;
  path: string;
  query: string;
  body?: { contentType: string; payload: string | Buffer };
}

/** Values that are known to exist, so that some requests reach past the "not found" checks. */
export const known: string[] = [];
/** The signed-in player's id, once the suite knows it. */
export const fuzzPlayer = { id: '' };

const control = fc.constantFrom('\u0000', '\u0001', '\u0007', '\b', '\u001b', '\u007f', '\u2028', '\ud800', '\uffff');
const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.tuple(fc.string({ maxLength: 10 }), control, fc.string({ maxLength: 10 })).map((parts) => parts.join('')),
  fc.constantFrom(
    '',
    ' ',
    '__proto__',
    'constructor',
    'not a url',
    'http://',
    'javascript:alert(1)',
    'https://[::1',
    '//evil.example/x',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%',
    '%zz',
    '%c3%28',
    '9'.repeat(400),
    '-1',
    'NaN',
    '1e309',
    'Ễếệ 𝕏 👾',
  ),
  fc.integer({ min: 1000, max: 200_000 }).map((length) => 'A'.repeat(length)),
  fc.nat().map((index) => known[index % known.length] ?? 'x'),
);
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string(), { maxLength: 3 }),
);

function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.oneof(hostileString, wrongType);
  const fitting = fittingValue(schema, depth);
  return fc.oneof(
    { arbitrary: fitting, weight: 4 },
    { arbitrary: hostileString, weight: 1 },
    { arbitrary: wrongType, weight: 1 },
  );
}

function fittingValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const nullable = (arbitrary: fc.Arbitrary<unknown>) =>
    schema.nullable ? fc.oneof(arbitrary, fc.constant(null)) : arbitrary;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return nullable(fc.constantFrom(...schema.enum));
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => valueFor(variant, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return nullable(stringFor(schema));
    case 'integer':
      return nullable(fc.integer({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9 }));
    case 'number':
      return nullable(fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true }));
    case 'boolean':
      return nullable(fc.boolean());
    case 'array':
      return nullable(fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 }));
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const shape = Object.fromEntries(properties.map(([name, property]) => [name, valueFor(property, depth + 1)]));
      return nullable(fc.record(shape, { requiredKeys: (schema.required ?? []).filter((name) => name in shape) }));
    }
    default:
      return fc.oneof(hostileString, wrongType);
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'date':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'uri':
      return fc.webUrl();
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length <= 500);
    } catch {
      return fc.string();
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 60) });
}

/** Percent-encodes as a client would; a lone surrogate becomes its (invalid) UTF-8 bytes. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}

/** A path segment: encoded as a client would, or raw with broken escapes. */
const segmentFor = (schema: JsonSchema) =>
  fc.oneof(
    { arbitrary: valueFor(schema).map((value) => encode(String(value))), weight: 2 },
    // Values that exist, and the player's own id, which takes a request past the upload's owner check.
    { arbitrary: fc.nat().map((index) => encode(known[index % known.length] ?? 'x')), weight: 2 },
    { arbitrary: fc.constant(null).map(() => fuzzPlayer.id), weight: 2 },
    fc.constantFrom('%', '%zz', '%c3%28', '%00', 'a%00b', '%2e%2e', '..', '%ff%fe', `${'%41'.repeat(300)}`),
  );

/** JSON with keys a naive merge would trip on, and nesting deeper than any schema. */
const hostileJsonText = fc.oneof(
  fc.constant('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}'),
  fc.integer({ min: 100, max: 5000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 100, max: 5000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.constantFrom('{', '{"a":', 'null', '"text"', '[1,2', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '\u0000', ''),
);

function multipartBody(parts: { name: string; filename?: string; body: Buffer }[], cut: number | null) {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
      part.body,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const whole = Buffer.concat(chunks);
  const payload = cut === null ? whole : whole.subarray(0, Math.floor(whole.length * cut));
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload };
}

const imageBytes = fc.oneof(
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  // A PNG signature followed by garbage, a GIF header with huge dimensions.
  fc
    .uint8Array({ maxLength: 100 })
    .map((bytes) => Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from(bytes)])),
  fc.constant(Buffer.from('474946383961ffffffff00000000', 'hex')),
);

const multipartArb = fc.oneof(
  fc
    .tuple(
      fc.array(
        fc.record({
          name: fc.constantFrom('files', 'folder', '__proto__', 'x'),
          filename: fc.option(fc.constantFrom('a.png', '../a.png', 'a\u0000.png', ''), { nil: undefined }),
          body: fc.oneof(
            imageBytes,
            hostileString.map((text) => Buffer.from(text)),
          ),
        }),
        { maxLength: 6 },
      ),
      fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
    )
    .map(([parts, cut]) => multipartBody(parts, cut)),
  fc.constantFrom(
    { contentType: 'multipart/form-data', payload: '--x\r\n' },
    { contentType: 'multipart/form-data; boundary=', payload: '' },
    { contentType: 'multipart/form-data; boundary=abc', payload: 'garbage without boundary' },
    { contentType: 'multipart/form-data; boundary=abc', payload: '--abc\r\nContent-Disposition: form-data\r\n\r\n' },
  ),
);

export function requestFor(operation: Operation): fc.Arbitrary<GeneratedRequest> {
  const path = fc
    .tuple(...operation.pathParams.map((param) => segmentFor(param.schema)))
    .map((values) =>
      operation.pathParams.reduce(
        (path, param, index) => path.replace(`{${param.name}}`, values[index]!),
        operation.path,
      ),
    );
  const query = fc.oneof(
    fc
      .tuple(...operation.queryParams.map((param) => fc.option(valueFor(param.schema), { nil: undefined })))
      .map((values) =>
        operation.queryParams
          .map((param, index) => [param.name, values[index]] as const)
          .filter(([, value]) => value !== undefined)
          .map(([name, value]) => `${name}=${encode(typeof value === 'string' ? value : JSON.stringify(value))}`)
          .join('&'),
      ),
    fc.constantFrom('page=%', 'q=%zz&q=1', 'status[]=x&status[__proto__]=y', '__proto__[a]=1', 'page=1e400', 'q=%00'),
  );
  const jsonBody = fc.oneof(
    { arbitrary: valueFor(operation.body).map((value) => JSON.stringify(value) ?? 'null'), weight: 5 },
    { arbitrary: hostileJsonText, weight: 2 },
  );
  const body = fc.oneof(
    { arbitrary: jsonBody.map((payload) => ({ contentType: 'application/json', payload })), weight: 6 },
    { arbitrary: multipartArb, weight: operation.body ? 1 : 12 },
    {
      arbitrary: fc.constantFrom(
        { contentType: 'text/plain', payload: 'hello' },
        { contentType: 'application/x-www-form-urlencoded', payload: 'a=%zz&__proto__=1' },
        { contentType: 'application/json; charset=latin1', payload: '{"a":"\xff"}' },
      ),
      weight: 1,
    },
  );
  const withBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  return fc.record({
    role: fc.constantFrom<Role>('guest', 'player', 'staff'),
    path,
    query,
    body: withBody ? fc.option(body, { nil: undefined, freq: 8 }) : fc.constant(undefined),
  });
}

export function operationsOf(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      const parameters = (spec.parameters ?? []) as { in: string; name: string; schema: JsonSchema }[];
      const content = (spec.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((param) => param.in === 'path'),
        queryParams: parameters.filter((param) => param.in === 'query'),
        body: content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}
