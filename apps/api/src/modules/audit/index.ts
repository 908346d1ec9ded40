// The audit log. Other modules write an entry inside their own transaction (`recordAudit(tx, …)`) and
// read it through the functions below.
export { toAuditEntry } from './entry';
export { findAuditEntries, findRecentAudit, recordAudit, sumOwnAmounts, type AuditEntry } from './repository';
