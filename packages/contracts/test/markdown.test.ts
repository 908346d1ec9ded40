import { describe, expect, it } from 'vitest';
import { markdownBudgetExceeded } from '../src/markdown';
import { createNewsBodySchema } from '../src/news';
import { vietnamese } from './vietnamese';

const ordinary = [
  '## Thời gian',
  '',
  'Từ **09:00 ngày 01/07/2025** đến *23:59* ~~14/07~~ (xem [Chăm sóc khách hàng](/supports), ảnh_bìa_mới.jpg).',
  '',
  '- Mục một',
  '  - Mục con',
  '    1. Số một',
  '       > Trích dẫn trong danh sách',
  '',
  '> > Trích dẫn lồng',
  '',
  '| Hạng mục | Chi tiết |',
  '|---|---|',
  '| [[Thời gian]] | 10:00 – 12:00 |',
  '',
  '---',
].join('\n');

describe('the Markdown budget of an article', () => {
  it('keeps ordinary articles', () => {
    expect(markdownBudgetExceeded(ordinary)).toBeNull();
    expect(markdownBudgetExceeded('> '.repeat(8) + 'tám cấp')).toBeNull();
    expect(markdownBudgetExceeded('**đậm** '.repeat(25))).toBeNull();
    expect(markdownBudgetExceeded('[ngoặc\n\n]'.repeat(50))).toBeNull();
  });

  it.each([
    ['quotes', '>'.repeat(9) + ' chín cấp'],
    ['quotes and lists', '> - > - > - > - > chín cấp'],
    ['indented lists', ' '.repeat(16) + '- chín cấp'],
    ['brackets', '['.repeat(9) + 'a'],
    ['brackets over lines', '[[[[\n[[[[\n[a'],
    ['the probe', '>>>>'.repeat(25_000)],
  ])('refuses nesting deeper than 8: %s', (_, markdown) => {
    expect(markdownBudgetExceeded(markdown)).toBe('nesting');
  });

  it.each([
    ['*_', '*_'.repeat(51)],
    ['~', '~'.repeat(101)],
    ['**', 'a **b** '.repeat(26)],
  ])('refuses a line of more than 100 emphasis markers: %s', (_, markdown) => {
    expect(markdownBudgetExceeded(markdown)).toBe('emphasis');
    // Escaped markers are text, not emphasis.
    expect(markdownBudgetExceeded(markdown.replace(/[*_~]/g, '\\$&'))).toBeNull();
  });

  it('answers for 100,000 characters in one pass', () => {
    const start = performance.now();
    for (const unit of ['*_', '[a](', '|a', '>', '[', '*', '`', '- ', 'a\n']) {
      markdownBudgetExceeded(unit.repeat(100_000 / unit.length));
    }
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it('is the body field of the article schema, with its Vietnamese message', () => {
    const base = { slug: 'bai-viet', title: 'Bài viết', coverImage: '/news/a.webp', category: 'updates' };
    const refused = createNewsBodySchema.safeParse({ ...base, body: '*_'.repeat(60) });
    expect(refused.error?.issues).toEqual([expect.objectContaining({ path: ['body'] })]);
    expect(vietnamese(refused.error!.issues[0]!)).toBe(
      'Một dòng có quá nhiều dấu định dạng *, _ hoặc ~ (tối đa 100 dấu mỗi dòng).',
    );
    expect(createNewsBodySchema.safeParse({ ...base, body: ordinary }).success).toBe(true);
  });
});
