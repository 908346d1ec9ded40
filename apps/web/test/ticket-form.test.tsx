// @vitest-environment happy-dom
import { meSchema, ticketSchema, uploadedFileSchema } from '@carabala/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TicketForm } from '@/features/tickets/ticket-form';
import { ok, refused, standIn, type Answer } from './support/api-stand-in';
import { fieldError, player, renderPage } from './support/render';

/** The support ticket form: each field's Vietnamese error (the description's point 5), on submit and on change. */

const CREATE = 'POST /tickets';
const UPLOAD = 'POST /upload/u-1/public-images';

function showForm(routes: Record<string, Answer> = {}) {
  const api = standIn({ 'GET /me': ok(meSchema, player), ...routes });
  // The picker's `accept` is the browser's hint, not the rule: a player can still choose any file.
  const page = renderPage(<TicketForm />, { signedIn: player, userOptions: { applyAccept: false } });
  const fields = {
    type: screen.getByLabelText('Loại yêu cầu'),
    incidentTime: screen.getByLabelText('Thời gian xảy ra sự cố'),
    device: screen.getByLabelText('Thiết bị sử dụng'),
    title: screen.getByLabelText('Tiêu đề'),
    description: screen.getByLabelText('Mô tả'),
  };
  const submit = () => page.user.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
  const attach = (...files: File[]) => page.user.upload(screen.getByLabelText('Chọn ảnh'), files);
  /** Fills the text fields as a player pastes them: one change each. */
  const fill = async (values: Partial<Record<keyof typeof fields, string>>) => {
    for (const [name, text] of Object.entries(values)) {
      await page.user.click(fields[name as keyof typeof fields]);
      await page.user.paste(text);
    }
  };
  return { ...page, api, fields, submit, attach, fill };
}

const image = (name: string, type = 'image/png', size = 1_024) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** The messages under the attachments, in order. */
const fileErrors = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

describe('the ticket form', () => {
  it('says what each empty field needs, and sends nothing', async () => {
    const { api, fields, submit } = showForm();
    await submit();
    await waitFor(() => expect(fieldError(fields.type)).toBe('Vui lòng chọn loại yêu cầu.'));
    expect(fieldError(fields.incidentTime)).toBe('Vui lòng nhập thời gian xảy ra sự cố.');
    expect(fieldError(fields.device)).toBe('Vui lòng nhập thiết bị sử dụng.');
    expect(fieldError(fields.title)).toBe('Vui lòng nhập tiêu đề.');
    expect(fieldError(fields.description)).toBe('Vui lòng nhập mô tả.');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('says the length limits, and takes each error back as soon as the field is right', async () => {
    const { user, fields, submit, fill } = showForm();
    const long = 'a'.repeat(200);
    await fill({ incidentTime: long, device: long, title: long, description: 'd'.repeat(2_000) });
    await submit();
    await waitFor(() => expect(fieldError(fields.title)).toBe('Vui lòng nhập trong khoảng 0-200 kí tự.'));
    expect(fieldError(fields.incidentTime)).toBe('Vui lòng nhập trong khoảng 0-200 kí tự.');
    expect(fieldError(fields.device)).toBe('Vui lòng nhập trong khoảng 0-200 kí tự.');
    expect(fieldError(fields.description)).toBe('Vui lòng nhập trong khoảng 0-2000 kí tự.');
    // Revalidated on change: one character less is within the limit, without submitting again.
    await user.type(fields.title, '{Backspace}');
    await waitFor(() => expect(fieldError(fields.title)).toBeNull());
    expect(fieldError(fields.device)).toBe('Vui lòng nhập trong khoảng 0-200 kí tự.');
  });

  it('refuses a fourth image, an image of 10 MB and a file that is no image, each in its words', async () => {
    const { user, attach } = showForm();
    await attach(image('a.png'), image('b.png'), image('c.png'), image('d.png'));
    await waitFor(() => expect(fileErrors()).toEqual(['Vui lòng chọn tối đa 3 file']));
    // Three are allowed: removing one takes the message back.
    await user.click(screen.getByRole('button', { name: 'Xoá ảnh d.png' }));
    await waitFor(() => expect(fileErrors()).toEqual([]));
    for (const name of ['a.png', 'b.png', 'c.png'])
      await user.click(screen.getByRole('button', { name: `Xoá ảnh ${name}` }));
    await attach(image('big.jpg', 'image/jpeg', 10_000_000));
    await waitFor(() => expect(fileErrors()).toEqual(['Vui lòng chọn hình ảnh có dung lượng bé hơn 10MB']));
    await attach(image('notes.pdf', 'application/pdf'));
    await waitFor(() =>
      expect(fileErrors()).toEqual([
        'Vui lòng chọn hình ảnh có dung lượng bé hơn 10MB',
        'Hình ảnh không đúng định dạng (JPEG, JPG hoặc PNG)',
      ]),
    );
  });

  it('sends a right ticket with its image uploaded first, then thanks with its number', async () => {
    const { user, api, fields, submit, attach, fill } = showForm({
      [UPLOAD]: ok(z.array(uploadedFileSchema), [
        { url: '/uploads/supports/a.png', contentType: 'image/png', size: 1_024, width: 10, height: 10 },
      ]),
      [CREATE]: ok(ticketSchema, {
        id: 't-1',
        number: 12,
        shortId: player.shortId,
        type: '2_1',
        incidentTime: '20h ngày 01/11/2026',
        device: 'iPhone 13',
        title: 'Không đăng nhập được',
        description: 'Báo sai mật khẩu.',
        status: 'PROCESSING',
        filesUrl: [{ url: '/uploads/supports/a.png' }],
        createTime: '2026-11-26T03:00:00.000Z',
        updateTime: '2026-11-26T03:00:00.000Z',
        replies: [],
        canReply: true,
        reopenUntil: null,
      }),
    });
    await user.selectOptions(fields.type, 'Lỗi đăng nhập');
    await fill({
      incidentTime: '20h ngày 01/11/2026',
      device: 'iPhone 13',
      title: 'Không đăng nhập được',
      description: 'Báo sai mật khẩu.',
    });
    await attach(image('a.png'));
    await submit();
    expect((await screen.findByTestId('ticket-success')).textContent).toContain(
      'Yêu cầu #12 đã được ghi nhận. Chúng tôi sẽ phản hồi bạn sớm nhất.',
    );
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/upload/u-1/public-images',
      '/tickets',
    ]);
    expect(api.callsTo(CREATE)[0]!.body).toEqual({
      type: '2_1',
      incidentTime: '20h ngày 01/11/2026',
      device: 'iPhone 13',
      title: 'Không đăng nhập được',
      description: 'Báo sai mật khẩu.',
      status: 'PROCESSING',
      filesUrl: [{ url: '/uploads/supports/a.png' }],
    });
  });

  it("puts the server's refusal of a field under that field", async () => {
    const message = 'Vui lòng nhập tiêu đề.';
    const { user, fields, submit, fill } = showForm({
      [CREATE]: refused(400, {
        code: 'api.validation',
        message: 'Dữ liệu không hợp lệ.',
        errors: { title: [message] },
      }),
    });
    await user.selectOptions(fields.type, 'Khác');
    await fill({ incidentTime: 'Hôm qua', device: 'PC', title: 'Lỗi', description: 'Mô tả.' });
    await submit();
    await waitFor(() => expect(fieldError(fields.title)).toBe(message));
    expect(fieldError(fields.device)).toBeNull();
  });
});
