import { setTimeout as sleep } from 'node:timers/promises';
import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SERVICE_RUNTIME, ServiceRuntime, type Infrastructure, type RunningService } from '@vnfm/platform';
import { NestLogger } from '@vnfm/telemetry';
import { CONTROLLERS } from './controllers';
import { AuthGuard } from './auth/auth.guard';
import { authenticatorOf } from './auth/authenticator-of';
import { AUTHENTICATOR } from './auth/principal';
import { POLICY, policyOf } from './auth/policy';
import { PolicyTargets } from './auth/policy-targets';
import { PolicyFilterInterceptor } from './auth/policy-filter.interceptor';
import { ProblemFilter } from './http/problem.filter';
import { requestContext } from './http/request-context.middleware';
import { useJsonBodies } from './http/json-bodies';
import { refuseUnsupportedMethods } from './http/method-not-allowed';
import { answerClientErrors, refuseLongUrls } from './http/request-limits';
import { vnfPackageProviders } from './vnf-packages';
import { httpsOptionsOf } from './http/https-options';

/** Starts the HTTP edge: stateless, it turns requests into bus commands. */
export async function startGateway(infra: Infrastructure): Promise<RunningService & { url: string }> {
  const runtime = await ServiceRuntime.create('gateway', infra, { stateless: true });
  // A policy file that cannot be read or holds a bad rule stops the start, before anything listens.
  const policy = policyOf(infra.config.policyFile, infra.config.enhancedPolicy);
  const authenticator = await authenticatorOf(infra.config, runtime.logger);

  @Global()
  @Module({
    controllers: CONTROLLERS,
    providers: [
      { provide: SERVICE_RUNTIME, useValue: runtime },
      { provide: AUTHENTICATOR, useValue: authenticator },
      { provide: POLICY, useValue: policy },
      AuthGuard,
      { provide: PolicyTargets, useValue: new PolicyTargets(runtime) },
      { provide: APP_INTERCEPTOR, useClass: PolicyFilterInterceptor },
      ...vnfPackageProviders(infra.config),
    ],
  })
  class GatewayModule {}

  const app = await NestFactory.create<NestExpressApplication>(GatewayModule, {
    logger: new NestLogger(runtime.logger),
    httpsOptions: httpsOptionsOf(infra.config),
  });
  app.use(requestContext(runtime.logger));
  app.use(refuseLongUrls);
  app.use(refuseUnsupportedMethods(app));
  useJsonBodies(app);
  app.useGlobalFilters(new ProblemFilter(runtime.logger));
  answerClientErrors(app.getHttpServer());
  await runtime.bus.start();
  await app.listen(infra.config.port, infra.config.host);
  const url = `${infra.config.tlsCertFile ? 'https' : 'http'}://${infra.config.host}:${infra.config.port}`;
  runtime.logger.info({ url }, 'gateway listening');
  return {
    runtime,
    url,
    async close() {
      // GET /health/ready answers 503 for VNFM_DRAIN_DELAY_MS while requests are still served, so a load balancer moves away first.
      runtime.drain();
      const delayMs = infra.config.drainDelayMs;
      if (delayMs > 0) {
        runtime.logger.info({ delayMs }, 'stopping: not ready, still serving');
        await sleep(delayMs);
      }
      await app.close();
      await runtime.close();
    },
  };
}
