export { instanceAt, auditEntries, type RecordedVnfInstanceEvent, type PointInTime, type AuditEntry } from './audit.fold';
