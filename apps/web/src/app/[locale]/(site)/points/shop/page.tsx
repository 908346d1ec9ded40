import { messagesPage, translatedTitle } from '@/components/layout/messages-page';
import { PointsShop } from '@/features/points/points-shop';

export const generateMetadata = translatedTitle('points', 'shopTitle');

export default messagesPage('points', 'shopTitle', PointsShop, 'shopSubtitle');
