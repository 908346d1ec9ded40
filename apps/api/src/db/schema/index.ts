export * from './accounts';
export * from './audit';
export * from './mailbox';
export * from './news';
