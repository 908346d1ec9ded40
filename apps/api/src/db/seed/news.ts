import type { NewsCategory } from '@carabala/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { news } from '../schema';

interface SeedArticle {
  slug: string;
  title: string;
  summary: string;
  category: NewsCategory;
  publishedAt: Date;
  body: string;
  published?: boolean;
}

const DAY = 86_400_000;
const VIETNAM = 7 * 3_600_000;

/** "dd/mm" or "dd/mm/yyyy" of a moment, in Vietnam time. */
export function vnDate(at: Date, withYear = false): string {
  const local = new Date(at.getTime() + VIETNAM);
  const dayMonth = `${String(local.getUTCDate()).padStart(2, '0')}/${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
  return withYear ? `${dayMonth}/${local.getUTCFullYear()}` : dayMonth;
}

/**
 * The demo's dated moments, from the seed day (`now`): the news and the demo history (history.ts)
 * tell the same story. `ago(days, hourUtc)`: `days` before the seed day, at `hourUtc` o'clock UTC.
 */
export function demoMoments(now: Date) {
  const midnightUtc = Math.floor(now.getTime() / DAY) * DAY;
  const ago = (days: number, hourUtc: number) => new Date(midnightUtc - days * DAY + hourUtc * 3_600_000);
  const festivalStart = ago(2, 2);
  return {
    ago,
    /** The Golden Egg festival: started two days ago at 09:00, runs 14 days. */
    festivalStart,
    festivalEnd: new Date(festivalStart.getTime() + 13 * DAY),
    /** The server maintenance, three days ago (10:00 to 12:00). */
    maintenanceDay: ago(3, 3),
    /** The three days of the Candy Egg event, three weeks ago. */
    candyStart: ago(24, 2),
    candyEnd: ago(22, 2),
  };
}

/**
 * Demo articles, newest first; covers live in apps/web/public/news/<slug>.jpg.
 * Dated from the seed day (`now`) so the demo always reads as current: the last ~30 days of news,
 * and a festival that started two days ago and is still running; no title names a fixed year.
 */
export function demoNews(now: Date): SeedArticle[] {
  const { ago, festivalStart, festivalEnd, maintenanceDay, candyStart, candyEnd } = demoMoments(now);
  const giftMonth = ago(13, 4);
  const guildOpen = ago(21, 2);
  const routineDay = ago(26, 1);
  return [
    {
      slug: 'le-hoi-trung-vang-mua-he-2025',
      title: 'Lễ hội Trứng Vàng chính thức khởi động với quà tặng mỗi ngày',
      summary: 'Đập trứng vàng, nhận Thú Cưng Mặt Trời giới hạn và hàng nghìn phần quà trong suốt 14 ngày lễ hội.',
      category: 'events',
      publishedAt: festivalStart,
      body: `Chào mừng các Thợ Săn Trứng đến với **Lễ hội Trứng Vàng**!

## Thời gian

Từ **09:00 ngày ${vnDate(festivalStart, true)}** đến **23:59 ngày ${vnDate(festivalEnd, true)}** (giờ Việt Nam).

## Nội dung sự kiện

- Mỗi ngày đăng nhập nhận **1 Búa Vàng** miễn phí.
- Đập đủ 20 Trứng Vàng để mở khóa **Thú Cưng Mặt Trời** – chỉ xuất hiện trong sự kiện này.
- Bảng xếp hạng đập trứng: top 100 nhận khung ảnh đại diện *Vua Trứng Vàng*.

## Lưu ý

Phần thưởng được gửi vào **hộp thư trong game** trong vòng 5 phút sau khi đạt mốc. Nếu quá 30 phút chưa nhận được, hãy liên hệ [Chăm sóc khách hàng](/supports).

Chúc các bạn những ngày lễ hội rực rỡ!`,
    },
    {
      slug: 'bao-tri-may-chu-ngay-28-06',
      title: `Thông báo bảo trì máy chủ ngày ${vnDate(maintenanceDay)}`,
      summary: 'Toàn bộ máy chủ tạm dừng từ 10:00 đến 12:00 để nâng cấp hệ thống và sửa lỗi.',
      category: 'maintenance',
      publishedAt: ago(4, 8),
      body: `Để nâng cao chất lượng dịch vụ, đội ngũ vận hành sẽ tiến hành **bảo trì toàn bộ máy chủ**.

| Hạng mục | Chi tiết |
|---|---|
| Thời gian | 10:00 – 12:00 ngày ${vnDate(maintenanceDay, true)} |
| Phạm vi | Tất cả máy chủ |
| Ảnh hưởng | Không thể đăng nhập, nạp gói và nhập giftcode |

## Bồi thường

Sau bảo trì, mọi tài khoản đã tạo trước 10:00 ngày ${vnDate(maintenanceDay)} nhận **200 Kim Cương** và **5 Búa Bạc** qua hộp thư.

Thời gian hoàn tất có thể sớm hoặc muộn hơn dự kiến. Xin cảm ơn sự kiên nhẫn của các bạn!`,
    },
    {
      slug: 'cap-nhat-phien-ban-2-4-vung-dat-may',
      title: 'Cập nhật phiên bản 2.4: Vùng Đất Mây và hệ thống Tiến Hóa Thú Cưng',
      summary: 'Bản đồ mới trên những tầng mây, thú cưng có thể tiến hóa hai lần và giao diện túi đồ được làm mới.',
      category: 'updates',
      publishedAt: ago(6, 3),
      body: `Phiên bản **2.4** đã sẵn sàng trên App Store và Google Play.

## Điểm nổi bật

1. **Vùng Đất Mây** – bản đồ thứ 6 với 30 màn chơi mới và trùm *Rồng Mây Bạc*.
2. **Tiến Hóa Thú Cưng** – thú cưng đạt cấp 40 có thể tiến hóa, mở khóa kỹ năng thứ ba.
3. **Túi đồ mới** – lọc theo loại, sắp xếp theo độ hiếm.

## Sửa lỗi

- Sửa lỗi hiệu ứng búa bị mất khi đổi trang phục.
- Sửa lỗi thông báo hộp thư hiển thị sai số lượng.

> Hãy cập nhật lên phiên bản mới nhất để tiếp tục chơi cùng bạn bè.`,
    },
    {
      slug: 'su-kien-dua-top-dap-trung',
      title: 'Sự kiện Đua Top Đập Trứng tuần này',
      summary: 'Đua top đập trứng trong 7 ngày, phần thưởng lớn nhất là trang phục Hiệp Sĩ Cầu Vồng.',
      category: 'events',
      publishedAt: ago(9, 2),
      body: `Tuần này, ai đập được nhiều trứng nhất sẽ là **Nhà Vô Địch Đập Trứng**!

- **Top 1**: trang phục *Hiệp Sĩ Cầu Vồng* + 5.000 Kim Cương
- **Top 2 – 10**: 2.000 Kim Cương
- **Top 11 – 100**: 500 Kim Cương

Bảng xếp hạng chốt lúc **23:59 Chủ nhật**. Phần thưởng gửi vào hộp thư trong ngày thứ Hai.`,
    },
    {
      slug: 'huong-dan-nhan-giftcode-thang-6',
      title: `Hướng dẫn nhập giftcode tháng ${new Date(giftMonth.getTime() + VIETNAM).getUTCMonth() + 1} và nhận quà`,
      summary: 'Các bước nhập giftcode trên trang chủ, kèm mã quà tặng trong tháng cho người chơi mới.',
      category: 'updates',
      publishedAt: giftMonth,
      body: `Nhập giftcode chỉ mất chưa đến một phút:

1. Đăng nhập trên trang chủ.
2. Mở mục **Giftcode** trên thanh điều hướng.
3. Nhập mã và bấm **Quy đổi mã**.

Phần thưởng sẽ được chuyển đến **hộp thư** trong game.

Mã tháng này dành cho người chơi mới: \`CHAOBANMOI\`.`,
    },
    {
      slug: 'bao-tri-khan-cong-thanh-toan',
      title: 'Bảo trì khẩn cổng thanh toán chuyển khoản',
      summary: 'Cổng thanh toán tạm dừng 30 phút; các giao dịch đã chuyển tiền vẫn được ghi nhận đầy đủ.',
      category: 'maintenance',
      publishedAt: ago(16, 13.5),
      body: `Cổng thanh toán chuyển khoản tạm dừng từ **20:30 đến 21:00** hôm nay để đối soát với ngân hàng.

Mọi khoản tiền đã chuyển trong thời gian này **vẫn được ghi nhận** và gói sẽ được gửi vào hộp thư ngay khi cổng hoạt động trở lại. Bạn không cần chuyển lại.`,
    },
    {
      slug: 'ra-mat-bo-suu-tap-rong-lua',
      title: 'Ra mắt bộ sưu tập Rồng Lửa với 7 mảnh ghép hiếm có',
      summary: 'Thu thập đủ 7 mảnh ghép Rồng Lửa để nhận danh hiệu và hiệu ứng búa rực lửa.',
      category: 'updates',
      publishedAt: ago(18, 3),
      body: `Bộ sưu tập **Rồng Lửa** xuất hiện trong trứng Đỏ và trứng Huyền Thoại.

- Mỗi mảnh ghép có tỉ lệ rơi riêng, hiển thị trong màn hình trứng.
- Đủ 7 mảnh: danh hiệu *Người Thuần Rồng* và hiệu ứng búa rực lửa vĩnh viễn.
- Mảnh trùng có thể đổi lấy Bụi Sao tại cửa hàng.`,
    },
    {
      slug: 'giai-dau-bang-hoi-mua-1',
      title: 'Giải đấu Bang Hội mùa 1 mở đăng ký từ hôm nay',
      summary: 'Các bang hội đăng ký tham gia giải đấu đầu tiên, tranh cúp vàng và quỹ thưởng kim cương.',
      category: 'events',
      publishedAt: guildOpen,
      body: `**Giải đấu Bang Hội mùa 1** chính thức mở đăng ký!

## Thể lệ

- Bang hội có từ 10 thành viên trở lên.
- Thi đấu vòng bảng ngày ${vnDate(new Date(guildOpen.getTime() + 8 * DAY))} – ${vnDate(new Date(guildOpen.getTime() + 14 * DAY))}, chung kết ngày ${vnDate(new Date(guildOpen.getTime() + 15 * DAY))}.

## Giải thưởng

Bang vô địch nhận **Cúp Vàng** trưng bày tại sảnh và 50.000 Kim Cương chia đều cho thành viên.`,
    },
    {
      slug: 'cap-nhat-2-3-1-sua-loi',
      title: 'Bản vá 2.3.1: sửa lỗi và cải thiện hiệu năng',
      summary: 'Giảm thời gian tải, sửa lỗi giật hình trên một số máy Android đời cũ.',
      category: 'updates',
      publishedAt: ago(24, 4),
      body: `Bản vá **2.3.1** tập trung vào độ ổn định:

- Thời gian vào trận giảm khoảng 30%.
- Sửa lỗi giật hình trên một số máy Android 9 và 10.
- Sửa lỗi không nhận thưởng nhiệm vụ ngày khi đổi múi giờ.`,
    },
    {
      slug: 'su-kien-ngay-quoc-te-thieu-nhi',
      title: 'Trứng Kẹo Ngọt xuất hiện khắp bản đồ trong 3 ngày',
      summary: 'Trứng Kẹo Ngọt rơi ra quà bánh và thú cưng Gấu Kẹo Bông trong 3 ngày.',
      category: 'events',
      publishedAt: ago(25, 2),
      body: `Từ **${vnDate(candyStart)} đến ${vnDate(candyEnd)}**, Trứng Kẹo Ngọt sẽ xuất hiện ở mọi bản đồ.

Đập trứng để nhận kẹo, đổi kẹo lấy thú cưng **Gấu Kẹo Bông** và khung ảnh *Tuổi Thơ*.`,
    },
    {
      slug: 'bao-tri-dinh-ky-thang-5',
      title: `Bảo trì định kỳ tháng ${new Date(routineDay.getTime() + VIETNAM).getUTCMonth() + 1}`,
      summary: 'Bảo trì định kỳ 2 giờ để cập nhật dữ liệu và tối ưu máy chủ.',
      category: 'maintenance',
      publishedAt: routineDay,
      body: `Máy chủ bảo trì định kỳ từ **08:00 đến 10:00 ngày ${vnDate(new Date(routineDay.getTime() + DAY), true)}**.

Quà bồi thường: **100 Kim Cương** cho mọi tài khoản.`,
    },
    {
      slug: 'chao-mung-ra-mat-website-moi',
      title: 'Chào mừng bạn đến với trang chủ mới',
      summary: 'Trang chủ mới: tin tức, giftcode, cửa hàng gói và chăm sóc khách hàng ở cùng một nơi.',
      category: 'updates',
      publishedAt: ago(30, 1),
      body: `Trang chủ mới đã ra mắt! Tại đây bạn có thể:

- Đọc **tin tức** và sự kiện mới nhất.
- Nhập **giftcode** để nhận quà.
- Mua gói bằng **chuyển khoản ngân hàng**, gói được gửi thẳng vào hộp thư.
- Gửi **yêu cầu hỗ trợ** kèm ảnh chụp màn hình.

Chúc các bạn chơi game vui vẻ!`,
    },
    {
      slug: 'ban-nhap-su-kien-trung-thu',
      title: 'Sự kiện Trung Thu (bản nháp)',
      summary: 'Bản nháp chưa công bố.',
      category: 'events',
      publishedAt: ago(-14, 0),
      published: false,
      body: 'Nội dung đang được chuẩn bị.',
    },
  ];
}

/** `now`: the seed time, from which every demo date is counted. */
export async function seedNews(tx: Tx, now = new Date()) {
  await tx.insert(news).values(
    demoNews(now).map(({ published = true, publishedAt, ...article }) => ({
      ...article,
      coverImage: `/news/${article.slug}.jpg`,
      published,
      publishedAt,
    })),
  );
}

/**
 * The default home page (migration 0012) opens on "Lễ hội Trứng Vàng mùa hè", a season the demo's
 * running festival need not be in: the demo names the festival without a season.
 */
export async function seedHomeEvent(tx: Tx) {
  const title = JSON.stringify('Lễ hội Trứng Vàng');
  await tx.execute(sql`
    update home_slides
    set draft = jsonb_set(draft, '{title}', ${title}::jsonb), published = jsonb_set(published, '{title}', ${title}::jsonb)
    where published->>'title' = 'Lễ hội Trứng Vàng mùa hè'`);
}
