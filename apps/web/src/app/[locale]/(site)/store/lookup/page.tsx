import { messagesPage } from '@/components/layout/messages-page';
import { OrderLookup } from '@/features/store/order-lookup';

export const metadata = { title: 'Tra cứu đơn hàng' };

export default messagesPage('store', 'lookupTitle', OrderLookup, 'lookupSubtitle');
