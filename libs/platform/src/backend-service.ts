import { Global, Module, type DynamicModule, type INestMicroservice, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { commandTopic, healthMessageType, type ServiceName } from '@vnfm/contracts';
import { BusExceptionFilter, BusServer } from '@vnfm/messaging';
import { NestLogger } from '@vnfm/telemetry';
import { probeMessageType, runProbe, type ProbeRequest } from './diagnostic-probe';
import type { Infrastructure } from './infrastructure';
import { bootstrap } from './bootstrap';
import { serveReplicaHealth } from './replica-health';
import { ServiceRuntime } from './service-runtime';

/** DI token of the ServiceRuntime; services inject their store, bus and logger through it. */
export const SERVICE_RUNTIME = Symbol('SERVICE_RUNTIME');

@Global()
@Module({})
class RuntimeModule {
  static of(runtime: ServiceRuntime): DynamicModule {
    return { module: RuntimeModule, providers: [{ provide: SERVICE_RUNTIME, useValue: runtime }], exports: [SERVICE_RUNTIME] };
  }
}

export interface RunningService {
  runtime: ServiceRuntime;
  close(): Promise<void>;
}

/**
 * Starts one backend service as a NestJS microservice on the bus transport:
 * its @MessagePattern handlers answer `vnfm.<service>.commands`, and the
 * built-in health and probe commands answer for every service alike.
 */
export async function startBackendService(
  service: ServiceName,
  module: Type<unknown> | DynamicModule,
  infra: Infrastructure,
): Promise<RunningService> {
  const runtime = await ServiceRuntime.create(service, infra);
  const store = runtime.store;
  if (!store) throw new Error(`${service} needs an event store`);
  const strategy = new BusServer(runtime.bus, {
    group: service,
    commandTopic: commandTopic(service),
    builtIns: {
      [healthMessageType(service)]: () => runtime.health(),
      [probeMessageType(service)]: async (payload) => {
        const result = await runProbe(service, runtime.instance, store, payload as ProbeRequest);
        runtime.logger.info({ probeId: (payload as ProbeRequest).probeId, position: result.position }, 'diagnostic probe recorded');
        return result;
      },
    },
  });
  @Module({ imports: [RuntimeModule.of(runtime), module] })
  class ServiceRoot {}
  const app: INestMicroservice = await NestFactory.createMicroservice(ServiceRoot, { strategy, logger: new NestLogger(runtime.logger) });
  app.useGlobalFilters(new BusExceptionFilter());
  await app.listen();
  runtime.logger.info({ instance: runtime.instance, store: runtime.storeAdapter }, `${service} started`);
  return {
    runtime,
    async close() {
      // Probes say DOWN, the consumer groups are left (BusServer.close), then the steps in flight may finish (StepRunner).
      runtime.drain();
      await app.close();
      await runtime.close();
    },
  };
}

/**
 * A process that runs one backend service (distributed mode): the service,
 * and its own probes on VNFM_HEALTH_PORT when set (`replica-health.ts`; in
 * one process with all services the gateway's port serves health).
 */
export function startBackendProcess(service: ServiceName, module: Type<unknown> | DynamicModule): Promise<void> {
  return bootstrap(service, async (infra) => {
    const running = await startBackendService(service, module, infra);
    const { healthPort, host } = infra.config;
    if (healthPort === undefined) return running;
    const health = await serveReplicaHealth(running.runtime, healthPort, host);
    running.runtime.logger.info({ healthPort }, 'probes served');
    return {
      async close() {
        health.closeAllConnections();
        await new Promise((resolve) => health.close(resolve));
        await running.close();
      },
    };
  });
}
