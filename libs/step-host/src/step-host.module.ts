import {
  Controller,
  Inject,
  Module,
  type ClassProvider,
  type DynamicModule,
  type FactoryProvider,
  type ForwardReference,
  type Provider,
  type Type,
  type ValueProvider,
} from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  abandonStepMessageType,
  runStepMessageType,
  type AbandonStepMessage,
  type AbandonStepReply,
  type RunStepMessage,
  type RunStepReply,
  type ServiceName,
} from '@vnfm/contracts';
import { OpenStepsProjection } from './open-steps.projection';
import type { SecretsOpener, StepHandlers } from './step-context';
import { StepExecutor } from './step-executor';
import {
  STEP_HANDLERS,
  STEP_HOST_SETTINGS,
  STEP_RESUMPTION,
  STEP_SECRETS,
  type Resumption,
  type StepHostSettings,
} from './step-host.tokens';
import { stepNotRunnable } from './step-problems';
import { StepRecordRepository } from './step-record.repository';
import { StepResultSender } from './step-result.sender';
import { StepRunner } from './step-runner';

/** A provider without its token: a value, a factory (injecting the service's own providers) or a class. */
export type ProviderOf<T> = Omit<ValueProvider<T>, 'provide'> | Omit<FactoryProvider<T>, 'provide'> | Omit<ClassProvider<T>, 'provide'>;

export interface StepHostOptions {
  service: ServiceName;
  /** The service's step handlers by action. */
  handlers: ProviderOf<StepHandlers>;
  /** Opens sealed request secrets for a handler (StepContext.openSecrets); without it a sealed value fails the step. */
  secrets?: ProviderOf<SecretsOpener>;
  /** What becomes of a step left open by a replica gone (default: run it again); a policy, or a provider of one per step. */
  resume?: Resumption | ProviderOf<StepHostSettings['resume']>;
  /** The service's own providers, which the handlers' factory may inject. */
  providers?: Provider[];
  imports?: Array<Type<unknown> | DynamicModule | Promise<DynamicModule> | ForwardReference>;
}

/** The resumption policy as a provider: one answer for every step, or the service's own per step. */
const resumption = (resume: Resumption | ProviderOf<StepHostSettings['resume']>): Provider =>
  typeof resume === 'string' ? { provide: STEP_RESUMPTION, useValue: () => resume } : ({ provide: STEP_RESUMPTION, ...resume } as Provider);

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** `<service>.runStep` and `<service>.abandonStep`, validated at the edge before any work starts. */
function stepHostController(service: ServiceName): Type<unknown> {
  @Controller()
  class StepHostController {
    constructor(
      @Inject(StepRunner) private readonly runner: StepRunner,
      @Inject(StepExecutor) private readonly executor: StepExecutor,
    ) {}

    @MessagePattern(runStepMessageType(service))
    runStep(@Payload() message: RunStepMessage): Promise<RunStepReply> {
      const actions = this.executor.actions();
      const valid =
        isText(message?.stepId) &&
        isText(message.vnfInstanceId) &&
        isText(message.vnfLcmOpOccId) &&
        typeof message.timeoutMs === 'number' &&
        message.timeoutMs > 0;
      if (!valid || !actions.includes(String(message.request?.action))) throw stepNotRunnable(service, actions, message?.request?.action);
      return this.runner.accept(message);
    }

    @MessagePattern(abandonStepMessageType(service))
    abandonStep(@Payload() message: AbandonStepMessage): Promise<AbandonStepReply> {
      if (!isText(message?.stepId)) throw stepNotRunnable(service, [], 'an abandonment without a stepId');
      return this.runner.abandon({
        stepId: message.stepId,
        vnfInstanceId: String(message.vnfInstanceId),
        reason: isText(message.reason) ? message.reason : 'abandoned by the coordinator',
      });
    }
  }
  return StepHostController;
}

/**
 * The step host a service mounts with its name and its handlers: records
 * each step (its own store), runs it, reports the outcome, resumes open steps
 * at start, and stops a step at its deadline or when the coordinator
 * abandons it.
 */
@Module({})
export class StepHostModule {
  static register(options: StepHostOptions): DynamicModule {
    const secrets: Provider[] = options.secrets ? [{ provide: STEP_SECRETS, ...options.secrets } as Provider] : [];
    return {
      module: StepHostModule,
      imports: options.imports ?? [],
      controllers: [stepHostController(options.service)],
      providers: [
        ...(options.providers ?? []),
        { provide: STEP_HANDLERS, ...options.handlers } as Provider,
        ...secrets,
        resumption(options.resume ?? 'run'),
        {
          provide: STEP_HOST_SETTINGS,
          useFactory: (resume: StepHostSettings['resume']): StepHostSettings => ({ resume }),
          inject: [STEP_RESUMPTION],
        },
        StepRecordRepository,
        OpenStepsProjection,
        StepExecutor,
        StepResultSender,
        StepRunner,
      ],
    };
  }
}
