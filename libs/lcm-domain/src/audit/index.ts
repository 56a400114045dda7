export { instanceAt, auditEntries, type RecordedVnfInstanceEvent, type PointInTime } from './audit.fold';
