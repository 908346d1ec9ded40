import type { OrderHistoryItem } from '@carabala/contracts';
import Image from 'next/image';
import { drawnArt } from './drawn-art';

type OrderCard = Pick<OrderHistoryItem, 'packId' | 'productTitle' | 'thumbnail'>;

/** The thumbnail an order keeps of its pack (as it was when ordered), or the pack's drawn art. */
const orderThumbnail = (order: OrderCard) =>
  order.thumbnail ?? drawnArt({ id: order.packId, title: order.productTitle }, 'thumbnail');

/** That thumbnail as a square picture of `size` px (decorative: the title is beside it). */
export function OrderPicture({ order, size, className = '' }: { order: OrderCard; size: number; className?: string }) {
  return (
    <Image
      src={orderThumbnail(order)}
      alt=""
      width={size}
      height={size}
      unoptimized
      className={`shrink-0 rounded-xl ${className}`}
    />
  );
}
