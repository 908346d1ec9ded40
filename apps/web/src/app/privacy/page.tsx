import type { Metadata } from 'next';
import Link from 'next/link';
import { PageShell } from '@/components/layout/page-shell';
import { publicConfig } from '@/config';

export const metadata: Metadata = { title: 'Chính sách bảo mật' };

const brand = publicConfig.brand;

const sections = [
  {
    title: '1. Thông tin chúng tôi thu thập',
    body: `Khi bạn đăng nhập, ${brand} lưu tên hiển thị, User ID, ảnh đại diện, địa chỉ email và tài khoản mạng xã hội đã liên kết. Khi bạn mua gói hoặc gửi yêu cầu hỗ trợ, chúng tôi lưu nội dung giao dịch, yêu cầu và ảnh đính kèm.`,
  },
  {
    title: '2. Mục đích sử dụng',
    body: 'Thông tin được dùng để xác minh tài khoản, gửi phần thưởng và gói đã mua vào hộp thư trong game, xử lý yêu cầu hỗ trợ và bảo vệ tài khoản khỏi hành vi gian lận.',
  },
  {
    title: '3. Thanh toán',
    body: 'Thanh toán được thực hiện bằng chuyển khoản ngân hàng. Chúng tôi không lưu số thẻ hay mật khẩu ngân hàng của bạn; chỉ ghi nhận số tiền, nội dung chuyển khoản và mã giao dịch do ngân hàng cung cấp.',
  },
  {
    title: '4. Chia sẻ thông tin',
    body: 'Chúng tôi không bán thông tin cá nhân. Thông tin chỉ được chia sẻ với đối tác xử lý thanh toán hoặc cơ quan có thẩm quyền khi pháp luật yêu cầu.',
  },
  {
    title: '5. Lưu trữ và bảo mật',
    body: 'Dữ liệu được lưu trên máy chủ có kiểm soát truy cập; mật khẩu được mã hóa một chiều. Phiên đăng nhập có thể bị thu hồi bất cứ lúc nào bằng cách đăng xuất.',
  },
  {
    title: '6. Quyền của bạn',
    body: 'Bạn có thể yêu cầu xem, sửa hoặc xóa thông tin cá nhân bằng cách gửi yêu cầu tại trang Chăm sóc khách hàng.',
  },
];

export default function PrivacyPage() {
  return (
    <PageShell title="Chính sách bảo mật" subtitle={`Cách ${brand} thu thập, sử dụng và bảo vệ thông tin của bạn.`}>
      <div className="mx-auto max-w-3xl space-y-6 rounded-3xl bg-white p-6 shadow-md ring-2 ring-gold/30 md:p-10">
        {sections.map((section) => (
          <section key={section.title}>
            <h2 className="text-xl font-black text-royal">{section.title}</h2>
            <p className="mt-2 leading-relaxed text-ink/80">{section.body}</p>
          </section>
        ))}
        <p className="text-ink/80">
          Mọi thắc mắc xin gửi về{' '}
          <Link href="/supports" className="font-bold text-royal underline">
            Chăm sóc khách hàng
          </Link>
          .
        </p>
      </div>
    </PageShell>
  );
}
