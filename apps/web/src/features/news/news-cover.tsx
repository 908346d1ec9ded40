import Image from 'next/image';
import { isUploaded } from '@/lib/uploaded-image';

/**
 * A news item's cover, 1200 × 630 drawn at 40:21: `sizes` says how wide it shows, and the first
 * one a page shows (`eager`) is preloaded as the page's largest image.
 */
export function NewsCover({
  src,
  alt,
  sizes,
  eager = false,
  className = '',
}: {
  src: string;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <Image
      src={src}
      alt={alt}
      width={1200}
      height={630}
      quality={75}
      sizes={sizes}
      unoptimized={isUploaded(src)}
      preload={eager}
      fetchPriority={eager ? 'high' : undefined}
      className={`aspect-[40/21] h-auto w-full object-cover ${className}`}
    />
  );
}
