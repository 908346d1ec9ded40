import { messagesPage, translatedTitle } from '@/components/layout/messages-page';
import { PointsPage } from '@/features/points/points-page';

export const generateMetadata = translatedTitle('points', 'title');

export default messagesPage('points', 'title', PointsPage, 'subtitle');
