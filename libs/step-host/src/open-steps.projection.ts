import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { RunStepMessage } from '@vnfm/contracts';
import type { Subscription } from '@vnfm/event-store';
import { SERVICE_RUNTIME, startReadModelProjection, type ServiceRuntime } from '@vnfm/platform';
import { isStepRecordEvent, STEP_RECORD_STREAM_PREFIX } from './step-record.events';

export interface OpenStep {
  message: RunStepMessage;
  acceptedAt: string;
}

/** Steps accepted and neither ended nor abandoned, from the service's own store: the work a start must resume. */
@Injectable()
export class OpenStepsProjection implements OnModuleInit, OnModuleDestroy {
  private readonly open = new Map<string, OpenStep>();
  private subscription?: Subscription;

  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await startReadModelProjection(this.runtime, {
      name: `${this.runtime.service}-open-steps`,
      streamPrefix: STEP_RECORD_STREAM_PREFIX,
      project: (stepId, event) => {
        const typed = { type: event.type, data: event.data };
        if (!isStepRecordEvent(typed)) return;
        if (typed.type === 'InfraStepAccepted') this.open.set(stepId, { message: typed.data.message, acceptedAt: typed.data.at });
        else this.open.delete(stepId);
      },
    });
  }

  list(): OpenStep[] {
    return [...this.open.values()];
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }
}
