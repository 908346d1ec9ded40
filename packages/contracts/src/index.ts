export * from './envelope';
export * from './auth';
export * from './text';
export * from './money';
export * from './avatar';
export * from './news';
export * from './staff';
