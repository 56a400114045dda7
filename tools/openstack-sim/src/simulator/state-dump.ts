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
  /** The flavour and image it runs with: ids of those the simulator holds, else as the template named them. */
  readonly flavor: string;
  readonly image: string;
}

interface FlavorState {
  readonly id: string;
  readonly name: string;
  readonly ram: number;
  readonly vcpus: number;
  readonly disk: number;
}

interface ImageState {
  readonly id: string;
  readonly name: string;
  readonly status: string;
  readonly tags: readonly string[];
  readonly diskFormat: string | null;
  readonly containerFormat: string | null;
  readonly minDisk: number;
  readonly minRam: number;
  readonly size: number | null;
  readonly sha512: string | null;
  readonly importedFrom: string | null;
  readonly failedImport: string | null;
}

/** Everything a test may want to assert on (`GET /_sim/state`, `OpenStackSimulator.state()`). */
export interface SimStateDump {
  readonly stacks: readonly StackState[];
  readonly servers: readonly ServerState[];
  /** Flavours stacks created (OS::Nova::Flavor). */
  readonly flavors: readonly FlavorState[];
  readonly images: readonly ImageState[];
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
      flavor: server.flavor,
      image: server.image,
    })),
    flavors: cloud.flavors.all().map(({ id, name, ram, vcpus, disk }) => ({ id, name, ram, vcpus, disk })),
    images: cloud.images.all().map((image) => ({
      id: image.id,
      name: image.name,
      status: image.status,
      tags: image.tags,
      diskFormat: image.diskFormat,
      containerFormat: image.containerFormat,
      minDisk: image.minDisk,
      minRam: image.minRam,
      size: image.data?.size ?? null,
      sha512: image.data?.sha512 ?? null,
      importedFrom: image.importedFrom ?? null,
      failedImport: image.failedImport ?? null,
    })),
    addressPool: cloud.addressPool.snapshot(),
    pendingFaults: faults.pending(),
  };
}
