import type { Broker, ConsumeOptions, ConsumerHandle, OutgoingRecord, RecordHandler } from '../broker.port';
import { partitionFor } from '../partitioner';
import { PartitionLog } from './partition-log';

interface Member {
  handler: RecordHandler;
  topics: Set<string>;
}

interface Group {
  members: Member[];
  committed: Map<PartitionLog, number>;
  pumps: Map<PartitionLog, AbortController>;
}

/**
 * Kafka's delivery semantics without a network: partitioned topics, messages
 * keyed to partitions, consumer groups sharing partitions among members,
 * one in-flight record per partition (ordered), committed offsets that
 * survive a member leaving and rejoining. Lives as long as the process.
 */
export class InProcessBroker implements Broker {
  readonly kind = 'in-process' as const;
  private readonly topics = new Map<string, PartitionLog[]>();
  private readonly groups = new Map<string, Group>();

  constructor(private readonly partitions = 3) {}

  async ensureTopics(topics: string[]): Promise<void> {
    topics.forEach((topic) => this.topic(topic));
  }

  async deleteTopics(topics: string[]): Promise<void> {
    for (const topic of topics) {
      for (const group of this.groups.values()) {
        for (const log of this.topics.get(topic) ?? []) {
          group.pumps.get(log)?.abort();
          group.pumps.delete(log);
          group.committed.delete(log);
        }
      }
      this.topics.delete(topic);
    }
  }

  async produce(topic: string, records: OutgoingRecord[]): Promise<void> {
    const logs = this.topic(topic);
    for (const record of records) logs[partitionFor(record.key, logs.length)].append(record);
  }

  async consume(options: ConsumeOptions, handler: RecordHandler): Promise<ConsumerHandle> {
    const group = this.group(options.groupId);
    const member: Member = { handler, topics: new Set(options.topics) };
    group.members.push(member);
    for (const topic of options.topics) {
      for (const log of this.topic(topic)) {
        if (!group.committed.has(log)) group.committed.set(log, options.fromBeginning ? log.start : log.end);
        if (!group.pumps.has(log)) this.startPump(group, log);
      }
    }
    return {
      stop: async () => {
        group.members = group.members.filter((m) => m !== member);
        for (const [log, pump] of group.pumps) {
          if (!group.members.some((m) => m.topics.has(log.topic))) {
            pump.abort();
            group.pumps.delete(log);
          }
        }
      },
    };
  }

  private startPump(group: Group, log: PartitionLog): void {
    const abort = new AbortController();
    group.pumps.set(log, abort);
    void (async () => {
      while (!abort.signal.aborted) {
        const offset = group.committed.get(log) ?? log.end;
        const record = log.at(offset);
        const members = group.members.filter((m) => m.topics.has(log.topic));
        if (!record || members.length === 0) {
          await log.nextAppend(abort.signal);
          continue;
        }
        // Partition i belongs to member i mod n, as a range/round-robin assignor would give.
        await members[log.partition % members.length].handler(record);
        group.committed.set(log, offset + 1);
        this.trim(log);
      }
    })();
  }

  /** Drops records every group has consumed. */
  private trim(log: PartitionLog): void {
    let lowest = log.end;
    for (const group of this.groups.values()) {
      const offset = group.committed.get(log);
      if (offset !== undefined) lowest = Math.min(lowest, offset);
    }
    log.trimBefore(lowest);
  }

  private topic(name: string): PartitionLog[] {
    let logs = this.topics.get(name);
    if (!logs) {
      logs = Array.from({ length: this.partitions }, (_, i) => new PartitionLog(name, i));
      this.topics.set(name, logs);
    }
    return logs;
  }

  private group(id: string): Group {
    let group = this.groups.get(id);
    if (!group) {
      group = { members: [], committed: new Map(), pumps: new Map() };
      this.groups.set(id, group);
    }
    return group;
  }

  async close(): Promise<void> {
    for (const group of this.groups.values()) group.pumps.forEach((pump) => pump.abort());
    this.groups.clear();
  }
}
