import { describe, expect, it } from 'vitest';
import { escapeHtml, oneLine, renderEmail } from '../src/modules/email/templates';

const site = { name: 'Carabala' };

describe('e-mail templates', () => {
  it('renders a verification e-mail in Vietnamese, as HTML and text, with its link', () => {
    const email = renderEmail(
      { kind: 'verify_email', params: { name: 'Ngọc Anh', link: 'https://carabala.vn/xac-minh?t=abc', hours: 24 } },
      site,
    );
    expect(email.subject).toBe('Xác minh địa chỉ email tại Carabala');
    expect(email.html).toContain('Chào Ngọc Anh,');
    expect(email.html).toContain('href="https://carabala.vn/xac-minh?t=abc"');
    expect(email.html).toContain('Liên kết có hiệu lực trong 24 giờ.');
    expect(email.html).toContain('width=device-width');
    expect(email.text).toContain('Xác minh email: https://carabala.vn/xac-minh?t=abc');
    expect(email.text).toContain('Thư này được Carabala gửi tự động');
  });

  it('escapes a hostile name in the HTML and keeps every value on one line', () => {
    const email = renderEmail(
      {
        kind: 'password_reset',
        params: { name: '<script>alert(1)</script>\r\nBcc: victim@example.com', link: 'https://x.vn/r', minutes: 30 },
      },
      site,
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Bcc: victim@example.com');
    expect(email.text).not.toMatch(/\r|\nBcc:/);
    expect(email.subject).not.toMatch(/[\r\n]/);
  });

  it('keeps a hostile subject value on one line and refuses a link that is not a web address', () => {
    const receipt = renderEmail(
      {
        kind: 'receipt',
        params: {
          name: 'A',
          orderCode: 'CRB1\r\nBcc: x@y.z',
          packName: '<b>Gói</b>',
          amount: 100_000,
          paidAt: '2026-11-21T03:15:00.000Z',
        },
      },
      site,
    );
    expect(receipt.subject).toBe('Biên nhận đơn hàng CRB1 Bcc: x@y.z');
    expect(receipt.html).toContain('&lt;b&gt;Gói&lt;/b&gt;');
    expect(receipt.html).toContain('100,000đ');
    expect(receipt.html).toContain('10:15 21/11/2026');
    const bad = renderEmail(
      { kind: 'verify_email', params: { name: 'A', link: 'javascript:alert(1)', hours: 1 } },
      site,
    );
    expect(bad.html).not.toContain('javascript:');
    expect(bad.html).not.toContain('<a ');
  });

  it('tells a gift to its receiver and names the receiver on the buyer copy', () => {
    const params = {
      name: 'Minh',
      orderCode: 'CRB9V3YPRC5',
      packName: 'Gói Kim cương',
      amount: 200_000,
      paidAt: '2026-11-21T03:15:00.000Z',
      receiver: { shortId: '8805678', name: 'Thanh Hà' },
    };
    const buyer = renderEmail({ kind: 'receipt', params }, site);
    expect(buyer.text).toContain('Người nhận: Thanh Hà (ID 8805678)');
    expect(buyer.text).toContain('Cảm ơn bạn đã mua hàng');
    const receiver = renderEmail({ kind: 'receipt', params: { ...params, asReceiver: true } }, site);
    expect(receiver.text).toContain('Bạn vừa được tặng một gói quà');
  });

  it('renders the new-device notice with the device, address and time', () => {
    const email = renderEmail(
      {
        kind: 'new_device',
        params: { name: 'Quản trị', device: 'Chrome trên Windows', ip: '203.0.113.9', at: '2026-11-21T03:15:00.000Z' },
      },
      site,
    );
    expect(email.subject).toContain('thiết bị mới');
    expect(email.text).toContain('Thiết bị: Chrome trên Windows');
    expect(email.text).toContain('Địa chỉ IP: 203.0.113.9');
  });

  it('escapes the five HTML characters and flattens control characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(oneLine('a\r\nb\u0000c\u2028d')).toBe('a b c d');
  });
});
