import type { OrderHistoryItem } from '@carabala/contracts';
import { drawnArt } from './drawn-art';

type OrderCard = Pick<OrderHistoryItem, 'packId' | 'productTitle' | 'thumbnail'>;

/** The thumbnail an order keeps of its pack (as it was when ordered), or the pack's drawn art. */
export const orderThumbnail = (order: OrderCard) =>
  order.thumbnail ?? drawnArt({ id: order.packId, title: order.productTitle }, 'thumbnail');
