import { createHash } from 'node:crypto';
import { isWrongExpectedRevision, type EventStore } from '@vnfm/event-store';

/** A host key as pinned: its type and OpenSSH SHA-256 fingerprint (`ssh-keygen -lf` form), where it was first seen. */
export interface PinnedHostKey {
  pinId: string;
  host: string;
  port: number;
  keyType: string;
  fingerprint: string;
  /** The key blob, base64 (a known_hosts line's key field): lets a driver hand the pin to another SSH client (Ansible). */
  key?: string;
}

const HOST_KEY_PINNED = 'SshHostKeyPinned';

const streamOf = (pinId: string) => `sshHostKey-${pinId}`;

/** `SHA256:<base64, unpadded>` of the key blob, as OpenSSH prints it. */
export const fingerprintOf = (key: Buffer) => `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

/** The key type the blob names (RFC 4253 §6.6: a string, then the type's data). */
export function keyTypeOf(key: Buffer): string {
  if (key.length < 4) return 'unknown';
  const length = key.readUInt32BE(0);
  return length > 0 && 4 + length <= key.length ? key.subarray(4, 4 + length).toString('latin1') : 'unknown';
}

/**
 * Host keys pinned on first use, one stream per pin (`sshHostKey-<pinId>`)
 * in the runner's event store: the first login to a VNFC records its key;
 * every later login must present the same one.
 */
export class HostKeyPins {
  /** The OpenSSH known_hosts line of a pin (`[host]:port` unless port 22); undefined for a pin recorded without its key. */
  static knownHostsLine(pin: PinnedHostKey): string | undefined {
    if (!pin.key) return undefined;
    return `${pin.port === 22 ? pin.host : `[${pin.host}]:${pin.port}`} ${pin.keyType} ${pin.key}`;
  }

  constructor(private readonly store: EventStore) {}

  async pinned(pinId: string): Promise<PinnedHostKey | undefined> {
    const [last] = await this.store.readStream(streamOf(pinId), { direction: 'backwards', maxCount: 1 });
    return last?.data as PinnedHostKey | undefined;
  }

  /**
   * The key pinned for `pinId`: `seen` when none was (it is recorded now), the
   * earlier one otherwise. Two first logins racing record one key: the loser
   * reads the winner's.
   */
  async pinOnFirstUse(seen: PinnedHostKey): Promise<PinnedHostKey> {
    const earlier = await this.pinned(seen.pinId);
    if (earlier) return earlier;
    try {
      await this.record(seen, 'no_stream');
      return seen;
    } catch (error) {
      if (!isWrongExpectedRevision(error)) throw error;
      return (await this.pinned(seen.pinId)) ?? seen;
    }
  }

  /** Records `key` as the pin of its pinId (the first use records it; `expected` 'any' replaces a pin). */
  async record(key: PinnedHostKey, expected: 'no_stream' | 'any' = 'any'): Promise<void> {
    await this.store.append(streamOf(key.pinId), [{ type: HOST_KEY_PINNED, data: key }], expected);
  }
}
