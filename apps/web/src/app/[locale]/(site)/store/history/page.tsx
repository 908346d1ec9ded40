import { messagesPage, translatedTitle } from '@/components/layout/messages-page';
import { OrderHistory } from '@/features/store/order-history';

export const generateMetadata = translatedTitle('store', 'historyTitle');

export default messagesPage('store', 'historyTitle', OrderHistory);
