import { errorMessage } from '@vnfm/util';
import { randomUUID } from 'node:crypto';
import { AppError, commandTopicOfType, deadLetterTopic, replyTopic, timeoutError, type ErrorBody } from '@vnfm/contracts';
import { currentContext, inSpan, reportUnexpected, runWithContext, SpanKind, traceHeaders, type Logger } from '@vnfm/telemetry';
import type { Broker, ConsumerHandle, IncomingRecord } from './broker.port';
import { decodeEnvelope, encodeEnvelope, type Envelope } from './envelope';
import { MemoryInbox, type Inbox } from './inbox';
import type { PayloadSeal } from './payload-seal';

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_RETRY_BACKOFF_MS = 100;
const UNEXPECTED_FAILURE: ErrorBody = {
  code: 'INTERNAL_ERROR',
  status: 500,
  title: 'Internal Server Error',
  detail: 'The service could not process the message.',
};

export interface MessageBusOptions {
  broker: Broker;
  /** Unique per process; names this client's reply topic. */
  clientId: string;
  logger: Logger;
  inbox?: Inbox;
  /** Attempts per message before it goes to the dead-letter topic. */
  maxAttempts?: number;
  retryBackoffMs?: number;
  /** Seals every payload this client sends and requires it on all it receives (brokers outside the process: Kafka). */
  seal?: PayloadSeal;
}

export interface SendOptions {
  /** Aggregate id; defaults to a random key (no ordering needed). */
  key?: string;
  timeoutMs?: number;
  /** Reuse a message id (e.g. a retried HTTP request) so the handler de-duplicates it. */
  id?: string;
}

/** Handles one message; the return value is the reply for requests. */
export type MessageHandler = (payload: unknown, envelope: Envelope) => Promise<unknown>;

export interface ConsumeOptions {
  /**
   * Whether the outcome of a message is kept in the inbox (default: always).
   * Queries say no: re-running them on redelivery is harmless, and their
   * answers may carry secrets (decrypted VIM credentials) that must never be
   * stored in plain text.
   */
  remember?: (envelope: Envelope) => boolean;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** The code of a request's rejection when its own bus stops before the reply came (the process is stopping). */
export const BUS_STOPPING = 'SHUTTING_DOWN';

/**
 * Commands (request/reply with timeout) and events (publish/subscribe) over
 * any Broker. Consumers get de-duplication by message id, bounded retries
 * with back-off, and a dead-letter topic for poison messages; the trace and
 * the message context (correlation, causation, principal) cross with every
 * message.
 */
export class MessageBus {
  private readonly pending = new Map<string, Pending>();
  private readonly consumers: ConsumerHandle[] = [];
  private readonly inbox: Inbox;
  private readonly replies: string;
  private started?: Promise<void>;

  constructor(private readonly options: MessageBusOptions) {
    this.inbox = options.inbox ?? new MemoryInbox();
    this.replies = replyTopic(options.clientId);
  }

  /**
   * Subscribes to this client's reply topic; needed before request(). Read
   * from its beginning: the topic is this client's alone (a client id is new
   * with each process), and a Kafka consumer of a new group told to start at
   * the end takes "the end" at its first fetch, after it has joined: a reply
   * written in between (the first request's, from a quick service, on a busy
   * machine) would be skipped and its request time out. Replies to nobody
   * waiting are dropped in onReply.
   */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.options.broker.ensureTopics([this.replies]);
      this.consumers.push(
        await this.options.broker.consume({ groupId: this.options.clientId, topics: [this.replies], fromBeginning: true }, (r) =>
          this.onReply(r),
        ),
      );
    })();
    return this.started;
  }

  async request<T>(type: string, payload: unknown, options: SendOptions = {}): Promise<T> {
    await this.start();
    const timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const envelope = this.envelope('command', type, payload, options);
    envelope.replyTo = this.replies;
    envelope.deadline = new Date(Date.now() + timeoutMs).toISOString();
    return inSpan(`send ${type}`, SpanKind.PRODUCER, { 'messaging.destination': type }, async () => {
      const reply = new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => {
          this.pending.delete(envelope.id);
          reject(timeoutError(`no reply to ${type} within ${timeoutMs} ms`));
        }, timeoutMs);
        this.pending.set(envelope.id, { resolve, reject, timer });
      });
      // On a loaded machine the deadline may pass while the command is still being produced: the rejection is awaited below, not unhandled.
      void reply.catch(() => undefined);
      try {
        await this.produce(commandTopicOfType(type), envelope);
      } catch (error) {
        // Nothing was sent (e.g. a payload JSON cannot encode): stop the timer, or its rejection would fire later with nobody awaiting it.
        this.cancel(envelope.id);
        throw error;
      }
      return (await reply) as T;
    });
  }

  /** Publishes an event to a topic. */
  async publish(topic: string, type: string, payload: unknown, options: SendOptions = {}): Promise<void> {
    const envelope = this.envelope('event', type, payload, options);
    await inSpan(`publish ${type}`, SpanKind.PRODUCER, { 'messaging.destination': topic }, () => this.produce(topic, envelope));
  }

  /** Consumes topics as a member of a consumer group. */
  async consume(groupId: string, topics: string[], handler: MessageHandler, options: ConsumeOptions = {}): Promise<ConsumerHandle> {
    await this.options.broker.ensureTopics([...topics, ...topics.map(deadLetterTopic)]);
    const remember = options.remember ?? (() => true);
    const consumer = await this.options.broker.consume({ groupId, topics, fromBeginning: true }, (record) =>
      this.onMessageSafely(groupId, record, handler, remember),
    );
    // Stopped once, by its owner (a draining server) or by stop(): leaving the group hands its partitions to the peers.
    let stopped: Promise<void> | undefined;
    const handle: ConsumerHandle = {
      stop: () => {
        const at = this.consumers.indexOf(handle);
        if (at >= 0) this.consumers.splice(at, 1);
        return (stopped ??= consumer.stop());
      },
    };
    this.consumers.push(handle);
    return handle;
  }

  /** An error outside the handler's retries (a reply that cannot be encoded, a failing inbox) fails this message only: the consumer goes on. */
  private async onMessageSafely(
    group: string,
    record: IncomingRecord,
    handler: MessageHandler,
    remember: (envelope: Envelope) => boolean,
  ): Promise<void> {
    try {
      await this.onMessage(group, record, handler, remember);
    } catch (error) {
      reportUnexpected(this.options.logger, error, 'message consumer', { topic: record.topic, offset: record.offset });
      const decoded = decodeEnvelope(record.value, this.options.seal);
      if ('envelope' in decoded)
        await this.reply(decoded.envelope, undefined, UNEXPECTED_FAILURE).catch((e: unknown) =>
          reportUnexpected(this.options.logger, e, 'reply of a failed message'),
        );
    }
  }

  private async onMessage(
    group: string,
    record: IncomingRecord,
    handler: MessageHandler,
    remember: (envelope: Envelope) => boolean,
  ): Promise<void> {
    const decoded = decodeEnvelope(record.value, this.options.seal);
    if ('problem' in decoded) return this.deadLetter(record, decoded.problem, 0);
    const { envelope } = decoded;
    if (envelope.deadline && Date.parse(envelope.deadline) < Date.now()) {
      this.options.logger.warn({ messageId: envelope.id, type: envelope.type }, 'dropped a request whose caller stopped waiting');
      return;
    }
    const handled = await this.inbox.find(group, envelope.id);
    if (handled) return this.reply(envelope, handled.reply, handled.error);
    const context = {
      correlationId: envelope.correlationId,
      causationId: envelope.id,
      principal: envelope.principal,
      tenant: envelope.tenant,
      allTenants: envelope.allTenants,
    };
    await runWithContext(context, () =>
      inSpan(
        `process ${envelope.type}`,
        SpanKind.CONSUMER,
        { 'messaging.message.id': envelope.id, 'messaging.consumer.group': group },
        async () => {
          const outcome = await this.attempt(record, envelope, handler);
          if (!outcome) return;
          if (remember(envelope)) await this.inbox.record(group, envelope.id, outcome);
          await this.reply(envelope, outcome.reply, outcome.error);
        },
        record.headers,
      ),
    );
  }

  /** Runs the handler with bounded retries; returns undefined when the message went to the dead-letter topic. */
  private async attempt(
    record: IncomingRecord,
    envelope: Envelope,
    handler: MessageHandler,
  ): Promise<{ reply?: unknown; error?: ErrorBody } | undefined> {
    const maxAttempts = this.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    for (let attempt = 1; ; attempt++) {
      try {
        return { reply: await handler(envelope.payload, envelope) };
      } catch (error) {
        if (error instanceof AppError && !error.retryable) return { error: error.toBody() };
        const reason = errorMessage(error);
        if (attempt >= maxAttempts) {
          await this.deadLetter(record, reason, attempt);
          await this.reply(envelope, undefined, {
            code: 'DEAD_LETTERED',
            status: 500,
            title: 'Internal Server Error',
            detail: `${envelope.type} failed ${attempt} times: ${reason}`,
          });
          return undefined;
        }
        this.options.logger.warn(
          { messageId: envelope.id, type: envelope.type, attempt, error: reason },
          'message handler failed; retrying',
        );
        await new Promise((resolve) => setTimeout(resolve, (this.options.retryBackoffMs ?? DEFAULT_RETRY_BACKOFF_MS) * 2 ** (attempt - 1)));
      }
    }
  }

  private async deadLetter(record: IncomingRecord, reason: string, attempts: number): Promise<void> {
    this.options.logger.error({ topic: record.topic, offset: record.offset, reason, attempts }, 'message sent to the dead-letter topic');
    const headers = {
      ...record.headers,
      'x-dlt-reason': reason,
      'x-dlt-attempts': String(attempts),
      'x-dlt-source': `${record.topic}/${record.partition}/${record.offset}`,
    };
    await this.options.broker.produce(deadLetterTopic(record.topic), [{ key: record.key, value: record.value, headers }]);
  }

  private async reply(request: Envelope, payload: unknown, error?: ErrorBody): Promise<void> {
    if (!request.replyTo) return;
    const reply = this.envelope('reply', request.type, payload ?? null, { key: request.key });
    reply.inReplyTo = request.id;
    if (error) reply.error = error;
    await this.produce(request.replyTo, reply);
  }

  private cancel(id: string): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(id);
  }

  private async onReply(record: IncomingRecord): Promise<void> {
    const decoded = decodeEnvelope(record.value, this.options.seal);
    if ('problem' in decoded) {
      this.options.logger.warn({ topic: record.topic, offset: record.offset, reason: decoded.problem }, 'reply dropped');
      return;
    }
    const reply = decoded.envelope;
    const pending = reply.inReplyTo ? this.pending.get(reply.inReplyTo) : undefined;
    if (!pending) return; // late or duplicate reply: the caller is gone or already answered
    this.pending.delete(reply.inReplyTo as string);
    clearTimeout(pending.timer);
    if (reply.error) pending.reject(AppError.fromBody(reply.error));
    else pending.resolve(reply.payload);
  }

  private envelope(kind: Envelope['kind'], type: string, payload: unknown, options: SendOptions): Envelope {
    const ctx = currentContext();
    const id = options.id ?? randomUUID();
    return {
      id,
      type,
      kind,
      key: options.key ?? id,
      payload,
      correlationId: ctx?.correlationId ?? id,
      causationId: ctx?.causationId ?? id,
      principal: ctx?.principal ?? 'system',
      ...(ctx?.tenant ? { tenant: ctx.tenant } : {}),
      ...(ctx?.allTenants ? { allTenants: true as const } : {}),
      sentAt: new Date().toISOString(),
    };
  }

  private produce(topic: string, envelope: Envelope): Promise<void> {
    return this.options.broker.produce(topic, [
      { key: envelope.key, value: encodeEnvelope(envelope, this.options.seal), headers: traceHeaders() },
    ]);
  }

  async stop(): Promise<void> {
    await Promise.all(this.consumers.splice(0).map((c) => c.stop()));
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(new AppError(BUS_STOPPING, 503, 'Service Unavailable', 'the message bus is stopping'));
      this.pending.delete(id);
    }
    if (this.started) await this.options.broker.deleteTopics([this.replies]).catch(() => undefined);
  }
}
