import { foldText } from '@carabala/contracts/labels';
import { eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { ticketReplies, tickets, users } from '../schema';
import { vnDate } from './news';

/** One answered and one open ticket for the first demo player, so the support pages show both states. */
export async function seedTickets(tx: Tx) {
  const [player] = await tx.select().from(users).where(eq(users.username, 'player1')).limit(1);
  const [admin] = await tx.select().from(users).where(eq(users.username, 'admin1')).limit(1);
  if (!player || !admin) return;
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  const [answered] = await tx
    .insert(tickets)
    .values({
      userId: player.id,
      shortId: player.shortId,
      type: '1',
      incidentTime: `21h ngày ${vnDate(new Date(now - 4 * day), true)}`,
      device: 'iPhone 13',
      title: 'Chưa nhận được gói Kim Cương sau khi chuyển khoản',
      titleFolded: foldText('Chưa nhận được gói Kim Cương sau khi chuyển khoản'),
      description: 'Tôi đã chuyển khoản đúng nội dung nhưng chưa thấy gói trong hộp thư.',
      status: 'PROCESSED',
      createdAt: new Date(now - 3 * day),
      updatedAt: new Date(now - 2 * day),
    })
    .returning();
  await tx.insert(ticketReplies).values({
    ticketId: answered!.id,
    authorId: admin.id,
    name: admin.displayName,
    content: 'Chào bạn, gói đã được gửi lại vào hộp thư trong trò chơi. Bạn vui lòng kiểm tra nhé!',
    createdAt: new Date(now - 2 * day),
  });
  await tx.insert(tickets).values({
    userId: player.id,
    shortId: player.shortId,
    type: '2_2',
    incidentTime: 'Sáng nay khoảng 9h',
    device: 'Samsung Galaxy A54',
    title: 'Trò chơi bị thoát khi vào phó bản',
    titleFolded: foldText('Trò chơi bị thoát khi vào phó bản'),
    description: 'Mỗi lần vào phó bản thứ 3 thì trò chơi tự thoát ra màn hình chính.',
    status: 'PROCESSING',
    createdAt: new Date(now - 5 * 60 * 60 * 1000),
    updatedAt: new Date(now - 5 * 60 * 60 * 1000),
  });
}
