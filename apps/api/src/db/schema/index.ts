export * from './accounts';
export * from './audit';
export * from './mailbox';
export * from './news';
export * from './social-auth';
export * from './tickets';
export * from './gift-codes';
export * from './store';
