// The outbox of e-mails (verification, password reset, receipts, security notices). A module queues an
// e-mail with `queueEmail`, in its own transaction; the worker renders and sends it over SMTP.
export { queueEmail, type EmailInput, type EmailKind, type QueuedEmail } from './repository';
export { createEmailOutbox, type EmailOutbox } from './service';
export { emailRoutes } from './routes';
export { createNewDeviceNotice } from './notices';
