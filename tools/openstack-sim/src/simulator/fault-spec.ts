import { isRecord } from '../common/records';

export type FaultOperation = 'create' | 'update' | 'delete';

/**
 * A fault to inject, through `OpenStackSimulator.faults.inject()` or `POST /_sim/faults`:
 * - `fail`: the next `times` (default 1) stack operations of that kind end `<ACTION>_FAILED` with `reason` as `stack_status_reason`;
 * - `delay`: they stay `<ACTION>_IN_PROGRESS` `delayMs` longer than the configured delay;
 * - `unreachable`: the server (id or unique name) is flagged unreachable (`unreachable: false` clears it).
 * `stackName` limits a stack fault to one top-level stack.
 */
export type FaultSpec =
  | {
      readonly type: 'fail';
      readonly operation: FaultOperation;
      readonly reason: string;
      readonly stackName?: string;
      readonly times?: number;
    }
  | {
      readonly type: 'delay';
      readonly operation: FaultOperation;
      readonly delayMs: number;
      readonly stackName?: string;
      readonly times?: number;
    }
  | { readonly type: 'unreachable'; readonly server: string; readonly unreachable?: boolean };

export class InvalidFaultError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidFaultError';
  }
}

const OPERATIONS: readonly string[] = ['create', 'update', 'delete'];

function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value !== undefined && typeof value !== 'string') throw new InvalidFaultError(`"${key}" must be a string`);
  return value;
}

function optionalCount(body: Record<string, unknown>, key: string): number | undefined {
  const value = body[key];
  if (value !== undefined && (typeof value !== 'number' || !Number.isInteger(value) || value < 0))
    throw new InvalidFaultError(`"${key}" must be a non-negative integer`);
  return value;
}

function requireString(body: Record<string, unknown>, key: string): string {
  const value = optionalString(body, key);
  if (value === undefined || value === '') throw new InvalidFaultError(`"${key}" is required`);
  return value;
}

/** Validates a fault arriving as JSON. */
export function parseFaultSpec(body: unknown): FaultSpec {
  if (!isRecord(body)) throw new InvalidFaultError('A fault must be a JSON object');
  if (body['type'] === 'unreachable') {
    const unreachable = body['unreachable'];
    if (unreachable !== undefined && typeof unreachable !== 'boolean') throw new InvalidFaultError('"unreachable" must be a boolean');
    return { type: 'unreachable', server: requireString(body, 'server'), unreachable };
  }
  const operation = requireString(body, 'operation');
  if (!OPERATIONS.includes(operation)) throw new InvalidFaultError(`"operation" must be one of ${OPERATIONS.join(', ')}`);
  const scope = {
    operation: operation as FaultOperation,
    stackName: optionalString(body, 'stackName'),
    times: optionalCount(body, 'times'),
  };
  if (body['type'] === 'fail') return { type: 'fail', reason: requireString(body, 'reason'), ...scope };
  if (body['type'] === 'delay') return { type: 'delay', delayMs: optionalCount(body, 'delayMs') ?? 0, ...scope };
  throw new InvalidFaultError('"type" must be one of fail, delay, unreachable');
}
