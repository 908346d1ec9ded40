// The daily check-in "Điểm danh" (decision record 061): the calendar staff draft and publish, and one
// claim per account per Vietnam day, its reward sent to the mailbox in the same transaction.
export { checkinRoutes } from './routes';
export { createCheckinService, type CheckinService } from './service';
