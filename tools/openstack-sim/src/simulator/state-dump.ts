import { managementAddress } from '../compute/server-addresses';
import type { StackStore } from '../orchestration/stack-store';
import { statusText } from '../orchestration/stack-types';
import type { CloudState } from '../resources/cloud-state';
import type { FaultInjector } from './fault-injector';
import type { FaultSpec } from './fault-spec';

interface ResourceState {
  readonly name: string;
  readonly type: string;
  readonly physicalId: string;
  readonly status: string;
}

export interface StackState {
  readonly id: string;
  readonly name: string;
  readonly status: string;
  readonly statusReason: string;
  readonly parentId: string | null;
  /** ISO time its last action ended; null while the first one runs. */
  readonly settledAt: string | null;
  readonly resources: readonly ResourceState[];
}

interface ServerState {
  readonly id: string;
  readonly name: string;
  readonly projectId: string;
  /** The pool address the server answers on (its first interface). */
  readonly managementAddress: string;
  readonly addresses: readonly string[];
  readonly reachable: boolean;
  readonly stackId: string;
  readonly resourceName: string;
}

/** Everything a test may want to assert on (`GET /_sim/state`, `OpenStackSimulator.state()`). */
export interface SimStateDump {
  readonly stacks: readonly StackState[];
  readonly servers: readonly ServerState[];
  readonly addressPool: { readonly free: readonly string[]; readonly used: readonly string[] };
  readonly pendingFaults: readonly FaultSpec[];
}

export function dumpState(store: StackStore, cloud: CloudState, faults: FaultInjector): SimStateDump {
  return {
    stacks: store.all().map((stack) => ({
      id: stack.id,
      name: stack.name,
      status: statusText(stack),
      statusReason: stack.statusReason,
      parentId: stack.parent?.stackId ?? null,
      settledAt: stack.settledAt?.toISOString() ?? null,
      resources: [...stack.resources.values()].map((record) => ({
        name: record.name,
        type: record.type,
        physicalId: record.physicalId,
        status: statusText(record),
      })),
    })),
    servers: cloud.servers.all().map((server) => ({
      id: server.id,
      name: server.name,
      projectId: server.projectId,
      managementAddress: managementAddress(server),
      addresses: server.nics.map((nic) => nic.address),
      reachable: server.reachable,
      stackId: server.origin.stackId,
      resourceName: server.origin.resourceName,
    })),
    addressPool: cloud.addressPool.snapshot(),
    pendingFaults: faults.pending(),
  };
}
