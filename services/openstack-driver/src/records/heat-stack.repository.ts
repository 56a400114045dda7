import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@vnfm/event-store';
import {
  decideHeatStack,
  evolveHeatStack,
  heatStackStream,
  initialHeatStackState,
  isHeatStackEvent,
  noStackRecord,
  type HeatStackCommand,
  type HeatStackDefinition,
  type HeatStackEvent,
  type HeatStackState,
} from '@vnfm/openstack-heat';
import { handleCommand, loadStream, SERVICE_RUNTIME, type EventFold, type ServiceRuntime } from '@vnfm/platform';

const HEAT_STACK: EventFold<HeatStackState, HeatStackEvent> = {
  initial: initialHeatStackState,
  evolve: evolveHeatStack,
  isEvent: isHeatStackEvent,
};

/** What the driver last asked Heat for, per VNF instance (`heatStack-<vnfInstanceId>`). */
@Injectable()
export class HeatStackRepository {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  /** The recorded definition; the stack of an instance this driver never deployed cannot be changed. */
  async definition(vnfInstanceId: string): Promise<HeatStackDefinition> {
    const { state } = await loadStream(this.store(), heatStackStream(vnfInstanceId), HEAT_STACK);
    if (state.status !== 'defined') throw noStackRecord(vnfInstanceId);
    return state.definition;
  }

  async define(vnfInstanceId: string, stackName: string, definition: HeatStackDefinition): Promise<void> {
    await this.execute(vnfInstanceId, { type: 'DefineHeatStack', data: { stackName, definition, now: new Date().toISOString() } });
  }

  async deleted(vnfInstanceId: string): Promise<void> {
    await this.execute(vnfInstanceId, { type: 'DeleteHeatStack', data: { now: new Date().toISOString() } });
  }

  private execute(vnfInstanceId: string, command: HeatStackCommand) {
    return handleCommand(this.store(), heatStackStream(vnfInstanceId), HEAT_STACK, (state) => decideHeatStack(command, state));
  }

  private store(): EventStore {
    return this.runtime.store as EventStore;
  }
}
