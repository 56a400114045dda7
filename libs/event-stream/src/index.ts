export { streamRecordId, type StreamRecord } from './stream-record';
export { EventStreamPublisher, type EventStreamPublisherOptions } from './event-stream-publisher';
