import { messagesPage } from '@/components/layout/messages-page';
import { OrderHistory } from '@/features/store/order-history';

export const metadata = { title: 'Lịch sử giao dịch' };

export default messagesPage('store', 'historyTitle', OrderHistory);
