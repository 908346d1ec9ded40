// @carabala/contracts: the request and response schemas of every call, and the codes and messages
// both sides agree on. The catalogue is @carabala/contracts/catalogue; the labels and display
// helpers (no zod) are @carabala/contracts/labels. Decision record 020.
export * from './envelope';
export * from './ids';
export * from './items';
export * from './auth';
export * from './second-factor';
export * from './news';
export * from './social-auth';
export * from './tickets';
export * from './staff';
export * from './gift-codes';
export * from './store';
export * from './characters';
export * from './packs';
export * from './home';
export * from './orders';
export * from './payments';
export * from './mailbox';
export * from './emails';
export * from './notifications';
export * from './sessions';
export * from './approvals';
export * from './alerts';
export * from './analytics';
export * from './promotions';
export * from './preview';
export * from './revalidation';
export * from './quote-schemas';
export * from './phone-number';
export * from './accounts';
export * from './phone';
export * from './vip';
export * from './points';
