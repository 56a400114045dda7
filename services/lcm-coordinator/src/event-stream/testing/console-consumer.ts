import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const KAFKA_SH = join(__dirname, '../../../../../tools/kafka/kafka.sh');
const FIELD = '\u001f';

/** One record as Kafka's own console consumer printed it. */
export interface ConsumedRecord {
  topic: string;
  partition: number;
  offset: number;
  headers: Record<string, string>;
  key: string;
  value: Record<string, unknown>;
}

/**
 * Reads `topic` with Apache Kafka's `ConsoleConsumer` (the broker's own
 * CLI, run from the jars tools/kafka runs), as a member of consumer group
 * `group`, from the beginning, until no record came for `idleMs`.
 */
export async function consoleConsume(brokers: string[], group: string, topic: string, idleMs = 10_000): Promise<ConsumedRecord[]> {
  const args = [
    'run-class',
    'org.apache.kafka.tools.consumer.ConsoleConsumer',
    '--bootstrap-server',
    brokers.join(','),
    '--group',
    group,
    '--topic',
    topic,
    '--from-beginning',
    '--timeout-ms',
    String(idleMs),
  ];
  const properties = {
    'print.partition': 'true',
    'print.offset': 'true',
    'print.headers': 'true',
    'print.key': 'true',
    'key.separator': FIELD,
  };
  for (const [name, value] of Object.entries(properties)) args.push('--formatter-property', `${name}=${value}`);
  const { stdout } = await promisify(execFile)('bash', [KAFKA_SH, ...args], { maxBuffer: 64 * 1024 * 1024 });
  return stdout
    .split('\n')
    .filter((line) => line.includes(FIELD))
    .map((line) => parseLine(topic, line));
}

/** `Partition:<p>␟Offset:<o>␟<name>:<value>,…␟<key>␟<value>` (the default formatter's fields, our separator). */
function parseLine(topic: string, line: string): ConsumedRecord {
  const [partition, offset, headers, key, ...value] = line.split(FIELD);
  return {
    topic,
    partition: Number(partition.replace(/^Partition:/, '')),
    offset: Number(offset.replace(/^Offset:/, '')),
    // Our header values (UUIDs, type names, a media type) hold neither "," nor ":".
    headers: Object.fromEntries(
      headers.split(',').map((header) => [header.slice(0, header.indexOf(':')), header.slice(header.indexOf(':') + 1)]),
    ),
    key,
    value: JSON.parse(value.join(FIELD)) as Record<string, unknown>,
  };
}
