import Image from 'next/image';
import { getTranslations } from 'next-intl/server';
import { Avatar } from '@/components/ui/avatar';

// Fictional players: no demo account's name or User ID (the sample must not look like a real
// player's post; e2e/home-news.spec.ts checks it).
const samplePost = {
  author: 'Đỗ Hải Đăng',
  avatar: '9001',
  shortId: '7710001',
  time: '2 giờ trước',
  content:
    'Cuối cùng cũng nở được Rồng Cam Lửa Nhỏ sau 20 quả Trứng Vàng! Ai cần kinh nghiệm đập trứng sự kiện thì hỏi mình nhé!',
  image: '/home/features/feature-1.webp',
  likes: 128,
};

const sampleComments = [
  {
    author: 'Mai Phương Thảo',
    shortId: '7710002',
    time: '1 giờ trước',
    text: 'Đẹp quá! Mình mới được 15 quả, chưa ra gì cả.',
  },
  {
    author: 'Tạ Quang Vinh',
    shortId: '7710003',
    time: '45 phút trước',
    text: 'Dùng Búa Vàng vào khung giờ tối tỉ lệ cao hơn đó bạn.',
  },
  { author: 'Kiều Diễm My', shortId: '7710004', time: '10 phút trước', text: 'Chúc mừng nha, cho mình kết bạn với!' },
];

/** The static post detail of the description: a sample layout, not wired to data. */
export async function PostDetail() {
  const t = await getTranslations('community');
  return (
    <article className="mt-6 rounded-3xl bg-white shadow-md ring-2 ring-gold/30" data-testid="post-detail">
      <div className="flex items-center gap-3 p-4">
        <Avatar avatar={samplePost.avatar} displayName={samplePost.author} size={44} />
        <div>
          <p className="font-bold">
            {samplePost.author}{' '}
            <span className="ml-1 rounded-full bg-royal/10 px-2 py-0.5 text-xs font-bold text-royal">
              #{samplePost.shortId}
            </span>
          </p>
          <p className="text-xs text-ink/70">{samplePost.time}</p>
        </div>
      </div>
      <p className="px-4 pb-3">{samplePost.content}</p>
      <Image
        src={samplePost.image}
        alt={t('postImage')}
        width={960}
        height={540}
        quality={75}
        sizes="(min-width: 768px) 672px, 100vw"
        // The page's largest paint on a phone: fetched with the HTML, not when layout finds it.
        preload
        fetchPriority="high"
        className="aspect-video h-auto w-full"
      />
      <div className="flex justify-between border-b border-ink/10 px-4 py-3 text-sm text-ink/70">
        <span data-testid="post-likes">{t('likes', { count: samplePost.likes })}</span>
        <span data-testid="post-comments">{t('comments', { count: sampleComments.length })}</span>
      </div>
      <ul className="space-y-3 p-4 pb-24">
        {sampleComments.map((comment) => (
          <li key={comment.shortId} className="flex gap-2">
            <Avatar avatar={null} displayName={comment.author} size={32} />
            <div className="rounded-2xl bg-cream px-3 py-2">
              <p className="text-sm font-bold">
                {comment.author} <span className="text-xs font-normal text-ink/70">#{comment.shortId}</span>
              </p>
              <p className="text-sm">{comment.text}</p>
              <p className="mt-1 text-xs text-ink/70">{comment.time}</p>
            </div>
          </li>
        ))}
      </ul>
    </article>
  );
}

/**
 * The bottom comment bar; it sends nothing. Sticky rather than fixed: it stays at the bottom of the
 * screen along the post, and stops above the footer instead of covering its copyright line.
 */
export async function CommentBar() {
  const t = await getTranslations('community');
  return (
    <form
      action="#"
      className="sticky bottom-0 z-30 -mx-4 mt-6 border-t-2 border-gold/40 bg-white/95 px-4 py-3 backdrop-blur"
      data-testid="comment-bar"
    >
      <div className="mx-auto flex max-w-2xl gap-2">
        <input
          type="text"
          placeholder={t('commentPlaceholder')}
          aria-label={t('commentLabel')}
          className="min-w-0 flex-1 rounded-full bg-cream px-4 py-2 ring-1 ring-ink/15 outline-none focus:ring-2 focus:ring-royal"
        />
        <button type="button" className="rounded-full bg-royal px-5 py-2 text-sm font-bold text-white">
          {t('send')}
        </button>
      </div>
    </form>
  );
}
