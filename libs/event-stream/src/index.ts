export { streamRecordId, type StreamRecord } from './stream-record';
export { EventStreamPublisher } from './event-stream-publisher';
export { tenantOf } from './stream-tenant';
