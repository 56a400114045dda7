import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@vnfm/event-store';
import { sees } from '@vnfm/messaging';
import { handleCommand, SERVICE_RUNTIME, type EventFold, type ServiceRuntime } from '@vnfm/platform';
import {
  decide,
  packageNotFound,
  evolve,
  isVnfPackageEvent,
  streamNameOf,
  type VnfPackageCommand,
  type VnfPackageEvent,
  type VnfPackageState,
} from '@vnfm/vnf-package-domain';
import { VnfPackageReadModel } from './read-model/vnf-package.read-model';

export interface Outcome {
  /** The events appended (none when there was nothing to do). */
  events: VnfPackageEvent[];
  before: VnfPackageState;
  after: VnfPackageState;
}

/**
 * Runs a command against one `vnfPackage-<id>` stream through the platform's
 * command handler, starting from the read model's state, and applies what it
 * learnt and appended to the read model so the caller reads its own write.
 * A request confined to a tenant (`confinement`, of `confinedTo`) finds
 * another tenant's package absent: the same 404 as a package that never was.
 */
@Injectable()
export class VnfPackageRepository {
  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly readModel: VnfPackageReadModel,
  ) {}

  async execute(command: VnfPackageCommand, confinement?: string): Promise<Outcome> {
    const { events, before, after } = await handleCommand(
      this.runtime.store as EventStore,
      streamNameOf(command.vnfPkgId),
      VNF_PACKAGE,
      (state) => {
        if (state && !sees(confinement, state.tenant)) throw packageNotFound(command.vnfPkgId);
        return decide(command, state);
      },
      {
        // Start from the read model and read only what it has not seen (another replica's appends):
        // a package used by thousands of instances has a long stream, replayed once at start, not per command.
        from: () => this.readModel.latest(command.vnfPkgId),
        onEvents: (learnt) => learnt.forEach(({ revision, event }) => this.readModel.apply(command.vnfPkgId, revision, event)),
      },
    );
    return { events, before, after };
  }
}

const VNF_PACKAGE: EventFold<VnfPackageState, VnfPackageEvent> = { initial: () => undefined, evolve, isEvent: isVnfPackageEvent };
