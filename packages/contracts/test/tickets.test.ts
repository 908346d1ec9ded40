import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTicketBodySchema, staffUpdateTicketBodySchema, ticketFormSchema, ticketTypes } from '../src/tickets';
import { vietnamese } from './vietnamese';

const valid = {
  type: '2_1',
  incidentTime: '20h ngày 01/11',
  device: 'iPhone 13',
  title: 'Không đăng nhập được',
  description: 'Màn hình đứng ở 99%.',
  attachments: [],
};

const fieldErrors = (input: unknown) => {
  const result = ticketFormSchema.safeParse(input);
  return result.success ? {} : z.flattenError(result.error, vietnamese).fieldErrors;
};

const file = (name: string, size: number, type: string) => ({ name, size, type });

describe('ticketFormSchema', () => {
  it("lists the types in the form's order (their names are messages: tickets.types)", () => {
    expect(ticketTypes).toEqual(['1', '2_1', '2_2', '2_3', '2_4', '2_5', '0']);
  });

  it('gives each text field its own required message', () => {
    expect(fieldErrors({ ...valid, incidentTime: ' ', device: '', title: '', description: '' })).toEqual({
      incidentTime: ['Vui lòng nhập thời gian xảy ra sự cố.'],
      device: ['Vui lòng nhập thiết bị sử dụng.'],
      title: ['Vui lòng nhập tiêu đề.'],
      description: ['Vui lòng nhập mô tả.'],
    });
  });

  it('allows 199 characters and refuses 200 (1999 / 2000 for the description)', () => {
    expect(fieldErrors({ ...valid, title: 't'.repeat(199), description: 'd'.repeat(1999) })).toEqual({});
    expect(
      fieldErrors({ ...valid, title: 't'.repeat(200), device: 'x'.repeat(200), description: 'd'.repeat(2000) }),
    ).toEqual({
      title: ['Vui lòng nhập trong khoảng 0-200 kí tự.'],
      device: ['Vui lòng nhập trong khoảng 0-200 kí tự.'],
      description: ['Vui lòng nhập trong khoảng 0-2000 kí tự.'],
    });
  });

  it('checks the attachments: count, size and format', () => {
    const png = file('a.png', 1000, 'image/png');
    expect(fieldErrors({ ...valid, attachments: [png, png, png] })).toEqual({});
    expect(fieldErrors({ ...valid, attachments: [png, png, png, png] }).attachments).toEqual([
      'Vui lòng chọn tối đa 3 file',
    ]);
    expect(fieldErrors({ ...valid, attachments: [file('big.jpg', 10_000_000, 'image/jpeg')] }).attachments).toEqual([
      'Vui lòng chọn hình ảnh có dung lượng bé hơn 10MB',
    ]);
    expect(fieldErrors({ ...valid, attachments: [file('ok.JPEG', 9_999_999, 'image/jpeg')] })).toEqual({});
    expect(fieldErrors({ ...valid, attachments: [file('doc.pdf', 10, 'application/pdf')] }).attachments).toEqual([
      'Hình ảnh không đúng định dạng (JPEG, JPG hoặc PNG)',
    ]);
    expect(fieldErrors({ ...valid, attachments: [file('x.png', 10, 'text/html')] }).attachments).toEqual([
      'Hình ảnh không đúng định dạng (JPEG, JPG hoặc PNG)',
    ]);
  });

  it('keeps the browser file objects as they are', () => {
    const chosen = file('a.webp', 10, 'image/webp');
    const parsed = ticketFormSchema.parse({ ...valid, attachments: [chosen] });
    expect(parsed.attachments[0]).toBe(chosen);
  });
});

describe('createTicketBodySchema', () => {
  it('accepts only URLs of our own uploads', () => {
    const { attachments: _ignored, ...body } = valid;
    const url = '/api/uploads/supports/0f8fad5b-d9cb-469f-a165-70867728950e.png';
    expect(createTicketBodySchema.safeParse({ ...body, filesUrl: [{ url }] }).success).toBe(true);
    for (const bad of ['https://evil.example/x.png', '/api/uploads/supports/../../etc/passwd', 'javascript:alert(1)']) {
      expect(createTicketBodySchema.safeParse({ ...body, filesUrl: [{ url: bad }] }).success).toBe(false);
    }
  });
});

describe('staffUpdateTicketBodySchema', () => {
  it('needs a reply or a status', () => {
    expect(staffUpdateTicketBodySchema.safeParse({}).success).toBe(false);
    expect(staffUpdateTicketBodySchema.safeParse({ reply: '  ' }).success).toBe(false);
    expect(staffUpdateTicketBodySchema.safeParse({ status: 'PROCESSED' }).success).toBe(true);
    expect(staffUpdateTicketBodySchema.safeParse({ status: 'DONE' }).success).toBe(false);
  });
});
