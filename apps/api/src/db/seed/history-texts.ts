import type { TicketType } from '@carabala/contracts';

// The words of the demo history: made-up players' names (no word of a demo account's name, so the
// console's searches for those accounts find only them) and the tickets' questions and answers.

export const familyNames = [
  'Nguyễn',
  'Trần',
  'Huỳnh',
  'Vũ',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
  'Đinh',
  'Mai',
  'Tô',
  'Lâm',
  'Cao',
  'Trương',
  'Tạ',
  'Châu',
  'Kiều',
  'Quách',
] as const;

export const middleNames = [
  'Văn',
  'Thị',
  'Hữu',
  'Công',
  'Xuân',
  'Kim',
  'Phương',
  'Diệu',
  'Nhật',
  'Đình',
  'Trọng',
  'Như',
  'Cẩm',
  'Bích',
  'Tiến',
  'Mỹ',
] as const;

export const givenNames = [
  'Bình',
  'Châu',
  'Dũng',
  'Giang',
  'Hiếu',
  'Hòa',
  'Khoa',
  'Nhi',
  'Phong',
  'Phúc',
  'Quân',
  'Sơn',
  'Thảo',
  'Trí',
  'Trung',
  'Tú',
  'Vy',
  'Đạt',
  'Hạnh',
  'Hùng',
  'Kiên',
  'Loan',
  'My',
  'Nga',
  'Oanh',
  'Phát',
  'Quyên',
  'Sang',
  'Thắng',
  'Toàn',
  'Uyên',
  'Vinh',
  'Duy',
  'Hiền',
  'Khang',
  'Lộc',
  'Nhung',
  'Quý',
  'Tài',
  'Thịnh',
  'Trâm',
  'Việt',
] as const;

export const devices = [
  'iPhone 13',
  'iPhone 15 Pro',
  'iPhone 11',
  'Samsung Galaxy A54',
  'Samsung Galaxy S23',
  'Xiaomi Redmi Note 12',
  'OPPO A78',
  'vivo Y36',
  'realme C55',
  'iPad Air',
] as const;

interface TicketText {
  title: string;
  description: string;
  reply: string;
}

/** What players ask, by ticket type, and what support answers. */
export const ticketTexts: Record<TicketType, readonly TicketText[]> = {
  '1': [
    {
      title: 'Đã chuyển khoản nhưng chưa nhận được gói',
      description: 'Tôi chuyển khoản đúng nội dung mã đơn mà sau 10 phút vẫn chưa thấy quà trong hộp thư.',
      reply:
        'Chào bạn, giao dịch đã được ghi nhận và gói đã vào hộp thư trong trò chơi. Bạn kiểm tra lại giúp mình nhé!',
    },
    {
      title: 'Chuyển nhầm số tiền khi mua gói',
      description: 'Tôi chuyển dư tiền so với giá gói, mong được hỗ trợ hoàn lại phần thừa.',
      reply: 'Chào bạn, phần tiền chuyển thừa sẽ được hoàn về tài khoản ngân hàng của bạn trong 1-2 ngày làm việc.',
    },
    {
      title: 'Mã QR báo hết hạn khi đang thanh toán',
      description: 'Tôi mở ứng dụng ngân hàng hơi lâu, quay lại thì đơn đã hết hạn.',
      reply:
        'Chào bạn, đơn hết hạn sau 30 phút. Bạn đặt đơn mới để nhận mã mới; chưa có khoản tiền nào bị trừ cho đơn cũ.',
    },
    {
      title: 'Nhận gói nhưng thiếu kim cương thưởng',
      description: 'Gói ghi có thưởng thêm nhưng tôi chỉ nhận được phần chính.',
      reply:
        'Chào bạn, phần thưởng thêm chỉ áp dụng trong thời gian khuyến mãi. Đơn của bạn đã nhận đúng nội dung gói.',
    },
  ],
  '2_1': [
    {
      title: 'Không đăng nhập được bằng Facebook',
      description: 'Bấm đăng nhập Facebook thì trò chơi quay lại màn hình chờ.',
      reply:
        'Chào bạn, bạn cập nhật trò chơi lên bản mới nhất rồi thử lại giúp mình. Lỗi đã được sửa trong bản cập nhật.',
    },
    {
      title: 'Quên mật khẩu tài khoản',
      description: 'Tôi không nhớ mật khẩu và email cũ không còn dùng.',
      reply:
        'Chào bạn, mình đã hướng dẫn đổi email khôi phục qua tin nhắn. Bạn làm theo các bước và phản hồi nếu còn vướng nhé.',
    },
  ],
  '2_2': [
    {
      title: 'Trò chơi tự thoát khi đấu đội',
      description: 'Cứ vào trận đấu đội được vài phút thì trò chơi tự thoát ra màn hình chính.',
      reply: 'Chào bạn, đội kỹ thuật đã ghi nhận lỗi trên dòng máy của bạn và sẽ sửa trong bản cập nhật tới.',
    },
    {
      title: 'Màn hình bị đen sau khi cập nhật',
      description: 'Cập nhật xong mở trò chơi chỉ thấy màn hình đen.',
      reply: 'Chào bạn, bạn xóa bộ nhớ đệm của trò chơi trong phần cài đặt máy rồi mở lại giúp mình nhé.',
    },
    {
      title: 'Không nhận được thưởng nhiệm vụ ngày',
      description: 'Hoàn thành nhiệm vụ nhưng bấm nhận thưởng không có phản hồi.',
      reply: 'Chào bạn, phần thưởng đã được gửi bù vào hộp thư. Cảm ơn bạn đã báo lỗi!',
    },
  ],
  '2_3': [
    {
      title: 'Mất trang bị sau khi đổi máy',
      description: 'Đăng nhập trên máy mới thì không thấy trang bị đã cường hóa.',
      reply: 'Chào bạn, trang bị vẫn còn trong kho của nhân vật; bạn chọn đúng máy chủ cũ khi đăng nhập nhé.',
    },
    {
      title: 'Vật phẩm sự kiện biến mất',
      description: 'Tôi có 30 trứng sự kiện, hôm nay vào lại không còn.',
      reply: 'Chào bạn, vật phẩm sự kiện tự đổi thành vàng khi sự kiện kết thúc. Số vàng đã có trong túi đồ của bạn.',
    },
  ],
  '2_4': [
    {
      title: 'Tài khoản bị khóa không rõ lý do',
      description: 'Tôi không vi phạm gì nhưng tài khoản báo bị khóa.',
      reply:
        'Chào bạn, tài khoản bị khóa tạm do đăng nhập bất thường. Mình đã mở khóa; bạn đổi mật khẩu giúp mình nhé.',
    },
  ],
  '2_5': [
    {
      title: 'Báo cáo người chơi dùng phần mềm gian lận',
      description: 'Một người chơi trong đấu trường thắng liên tục với tốc độ bất thường.',
      reply: 'Chào bạn, cảm ơn bạn đã báo cáo. Đội vận hành đã kiểm tra và xử lý tài khoản vi phạm.',
    },
  ],
  '0': [
    {
      title: 'Góp ý về sự kiện',
      description: 'Mong sự kiện kéo dài thêm vài ngày để người chơi mới kịp tham gia.',
      reply: 'Chào bạn, cảm ơn góp ý của bạn! Đội vận hành sẽ cân nhắc cho các sự kiện sau.',
    },
    {
      title: 'Hỏi về lịch bảo trì',
      description: 'Cho tôi hỏi tuần này có bảo trì máy chủ không?',
      reply: 'Chào bạn, lịch bảo trì luôn được đăng trên trang Tin tức trước ít nhất một ngày.',
    },
  ],
};

/** How often players write about each kind of problem. */
export const ticketTypeWeights: readonly (readonly [TicketType, number])[] = [
  ['1', 34],
  ['2_2', 24],
  ['2_1', 12],
  ['2_3', 12],
  ['2_4', 5],
  ['2_5', 5],
  ['0', 8],
];
