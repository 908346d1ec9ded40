import { messagesPage, translatedTitle } from '@/components/layout/messages-page';
import { OrderLookup } from '@/features/store/order-lookup';

export const generateMetadata = translatedTitle('store', 'lookupTitle');

export default messagesPage('store', 'lookupTitle', OrderLookup, 'lookupSubtitle');
