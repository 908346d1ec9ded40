import { envelope, meSchema } from '@carabala/contracts';
import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from '../src/lib/serializer';

const compileWith = (compiler: typeof serializerCompiler, schema: z.ZodType) =>
  compiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

const articleSchema = envelope(
  z.object({
    id: z.uuid(),
    title: z.string().min(1),
    views: z.number().int(),
    pinned: z.boolean(),
    tags: z.array(z.enum(['event', 'update'])),
    cover: z.string().nullable(),
    note: z.string().optional(),
    kind: z.literal('article'),
    author: z.union([z.object({ name: z.string() }), z.string()]),
  }),
);
const article = {
  code: 'api.success',
  data: {
    id: '0b8f7c1e-8a4b-4b62-9c36-2f4f4f0a9d11',
    title: 'Lễ hội "Trung Vàng"\n\u2028</script>',
    views: 12,
    pinned: false,
    tags: ['event'],
    cover: null,
    kind: 'article',
    author: { name: 'Quản trị viên', email: 'admin@example.com' },
  },
};

describe('the compiled response serializer', () => {
  it('writes what the zod serializer wrote, undeclared fields left out', () => {
    const fast = compileWith(serializerCompiler, articleSchema);
    const zod = compileWith(zodSerializerCompiler, articleSchema);
    expect(fast(article)).toBe(zod(article));
    expect(JSON.parse(fast(article)).data.author).toEqual({ name: 'Quản trị viên' });
    const withNote = { ...article, message: 'Đã lưu.', data: { ...article.data, note: 'ghi chú', author: 'ẩn danh' } };
    expect(fast(withNote)).toBe(zod(withNote));
  });

  it('never sends a password hash or a session id the schema does not declare', () => {
    const me = compileWith(serializerCompiler, envelope(meSchema));
    const text = me({
      code: 'api.success',
      data: {
        id: 'u1',
        shortId: '8801234',
        displayName: 'Nguyễn Minh Anh',
        avatar: null,
        role: 'player',
        passwordHash: '$argon2id$v=19$secret',
        sessionId: 'session',
      },
    });
    expect(JSON.parse(text)).toEqual({
      code: 'api.success',
      data: { id: 'u1', shortId: '8801234', displayName: 'Nguyễn Minh Anh', avatar: null, role: 'player' },
    });
  });

  it('refuses a value of the wrong type, format or bounds, as zod does', () => {
    const fast = compileWith(serializerCompiler, articleSchema);
    const wrong = [
      { ...article.data, views: '12' },
      { ...article.data, views: 1.5 },
      { ...article.data, views: Number.NaN },
      { ...article.data, id: 'not-a-uuid' },
      { ...article.data, title: '' },
      { ...article.data, tags: ['other'] },
      { ...article.data, cover: undefined },
      { ...article.data, kind: 'page' },
      { ...article.data, author: 7 },
      null,
    ];
    for (const data of wrong) expect(() => fast({ code: 'api.success', data }), JSON.stringify(data)).toThrow();
  });

  it('answers 500 without detail through Fastify when an answer does not fit its schema', async () => {
    const app = Fastify();
    app.setSerializerCompiler(serializerCompiler);
    app
      .withTypeProvider<ZodTypeProvider>()
      .get('/me', { schema: { response: { 200: envelope(meSchema) } } }, async () => ({
        code: 'api.success',
        data: { id: 1 } as never,
      }));
    const response = await app.inject('/me');
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('shortId');
    await app.close();
  });
});
