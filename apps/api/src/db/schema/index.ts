export * from './accounts';
export * from './audit';
