import type { ServerRegistry } from '../compute/server-registry';
import type { FaultOperation, FaultSpec } from './fault-spec';

type StackFault = Exclude<FaultSpec, { type: 'unreachable' }>;

/** What the next stack operation should suffer. */
export interface FaultOutcome {
  readonly failReason?: string;
  readonly extraDelayMs: number;
}

export class UnknownServerError extends Error {
  constructor(server: string) {
    super(`No server with id or unique name "${server}"`);
    this.name = 'UnknownServerError';
  }
}

/** Holds injected faults until the stack operations they target consume them. */
export class FaultInjector {
  private stackFaults: Array<{ readonly spec: StackFault; remaining: number }> = [];

  constructor(private readonly servers: ServerRegistry) {}

  inject(spec: FaultSpec): void {
    if (spec.type === 'unreachable') {
      const server = this.servers.findByIdOrName(spec.server);
      if (server === undefined) throw new UnknownServerError(spec.server);
      server.reachable = !(spec.unreachable ?? true);
      return;
    }
    this.stackFaults.push({ spec, remaining: spec.times ?? 1 });
  }

  /** Consumes the first matching failure and the first matching delay for an operation on a top-level stack. */
  take(operation: FaultOperation, stackName: string): FaultOutcome {
    const matches = (fault: { spec: StackFault; remaining: number }, type: StackFault['type']): boolean =>
      fault.remaining > 0 &&
      fault.spec.type === type &&
      fault.spec.operation === operation &&
      (fault.spec.stackName ?? stackName) === stackName;
    const failure = this.stackFaults.find((fault) => matches(fault, 'fail'));
    const delay = this.stackFaults.find((fault) => matches(fault, 'delay'));
    for (const used of [failure, delay]) if (used !== undefined) used.remaining -= 1;
    this.stackFaults = this.stackFaults.filter((fault) => fault.remaining > 0);
    return {
      failReason: failure?.spec.type === 'fail' ? failure.spec.reason : undefined,
      extraDelayMs: delay?.spec.type === 'delay' ? delay.spec.delayMs : 0,
    };
  }

  /** Stack faults not consumed yet. */
  pending(): StackFault[] {
    return this.stackFaults.map((fault) => ({ ...fault.spec, times: fault.remaining }));
  }

  clear(): void {
    this.stackFaults = [];
  }
}
