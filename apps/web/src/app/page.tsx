import Image from 'next/image';
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import { publicConfig } from '@/config';

export default function HomePage() {
  return (
    <section className="bg-starfield text-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-6 py-16 text-center md:py-24">
        <Image
          src="/brand/logo.svg"
          alt={publicConfig.brand}
          width={360}
          height={106}
          priority
          className="h-auto w-72 md:w-96"
        />
        <h1 className="text-3xl font-black md:text-5xl">Đập trứng, săn thú huyền thoại</h1>
        <p className="max-w-xl text-white/80">
          Cùng bạn bè khám phá vương quốc {publicConfig.brand}, nở những quả trứng may mắn và sưu tầm hàng trăm thú
          cưng.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link href="/gift-code" className={buttonClass('primary')}>
            Nhập giftcode
          </Link>
          <Link href="/news" className={buttonClass('secondary')}>
            Tin tức mới nhất
          </Link>
        </div>
      </div>
    </section>
  );
}
