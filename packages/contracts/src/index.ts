export * from './envelope';
export * from './auth';
export * from './text';
export * from './money';
export * from './avatar';
export * from './social-auth';
export * from './staff';
export * from './gift-codes';
