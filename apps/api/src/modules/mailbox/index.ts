// The outbox of in-game mail. A module that sends mail in the same statement as its own write composes
// `insertMailsSql` (and reads a delivery with `mailIdOf` / `mailStatusOf`); the worker delivers it.
export { mailboxRoutes } from './routes';
export { createMailboxService, type MailboxService } from './service';
export { createMailboxWorker, type MailboxWorker, type MailboxWorkerOptions } from './worker';
export {
  addItemsToPendingMail,
  enqueueMail,
  insertMailsSql,
  mailIdOf,
  mailStatusOf,
  recentMailsOf,
  type NewMail,
} from './repository';
