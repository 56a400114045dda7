import { isRecord } from '@vnfm/util';
import type { ClusterErrors } from './cluster-errors';
import { isStrictNetwork } from './ip-networks';

/**
 * Reads the members of one object of a request's parameters, naming each by
 * its path when it is missing or not what it must be (a 422 of the driver
 * whose `errors` it was made with).
 */
export class ParamMembers {
  private constructor(
    private readonly value: Record<string, unknown>,
    readonly path: string,
    private readonly errors: ClusterErrors,
  ) {}

  static of(value: unknown, path: string, required: boolean, errors: ClusterErrors): ParamMembers | undefined {
    if (value === undefined || value === null) {
      if (required) throw errors.invalidParams(`${path} is required by the ${errors.driver} and is missing.`);
      return undefined;
    }
    if (!isRecord(value)) throw errors.invalidParams(`${path} must be an object.`);
    return new ParamMembers(value, path, errors);
  }

  raw(key: string): unknown {
    return this.value[key];
  }

  child(key: string, required: boolean): ParamMembers | undefined {
    return ParamMembers.of(this.value[key], `${this.path}.${key}`, required, this.errors);
  }

  /** A refusal naming `key` of this object. */
  invalid(key: string, what: string): Error {
    return this.errors.invalidParams(`${this.path}.${key} ${what}`);
  }

  text(key: string): string {
    const value = this.optionalText(key);
    if (value === undefined) throw this.invalid(key, `is required by the ${this.errors.driver} and is missing or empty.`);
    return value;
  }

  optionalText(key: string): string | undefined {
    const value = this.value[key];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') throw this.invalid(key, 'must be a string.');
    if (value.includes('\0')) throw this.invalid(key, 'must not hold a NUL character.');
    return value;
  }

  /** A text that becomes a command-line word or a path: one line, no leading '-' (never read as an option). */
  word(key: string): string {
    const value = this.text(key);
    return this.checkWord(key, value);
  }

  optionalWord(key: string): string | undefined {
    const value = this.optionalText(key);
    return value === undefined ? undefined : this.checkWord(key, value);
  }

  private checkWord(key: string, value: string): string {
    if (/[\r\n]/.test(value)) throw this.invalid(key, 'must be a single line.');
    if (value.startsWith('-')) throw this.invalid(key, "must not start with '-'.");
    return value;
  }

  /**
   * A network as Python's `ipaddress.ip_network` (strict) takes it, which
   * Tacker's kubespray and kubeadm drivers check `pod_cidr` and `cluster_cidr`
   * with: no host bits set (192.168.3.0/16 is refused, 192.168.0.0/16 taken).
   */
  network(key: string): string | undefined {
    const value = this.optionalText(key);
    if (value !== undefined && !isStrictNetwork(value))
      throw this.invalid(key, `must be a network with no host bits set, such as 192.168.0.0/16, not ${JSON.stringify(value)}.`);
    return value;
  }

  /** A CIDR such as 10.199.187.0/24 (IPv4 or IPv6), passed on as it is. */
  cidr(key: string): string | undefined {
    const value = this.optionalText(key);
    if (value !== undefined && !/^[0-9a-fA-F:.]+\/\d{1,3}$/.test(value))
      throw this.invalid(key, `must be a CIDR such as 10.199.187.0/24, not ${JSON.stringify(value)}.`);
    return value;
  }
}
