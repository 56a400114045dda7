import { errorMessage } from '@vnfm/util';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { describeEventStream, eventStreamSettingsOf } from '@vnfm/config';
import { BACKEND_SERVICES, healthMessageType, type ServiceHealth } from '@vnfm/contracts';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';

const HEALTH_TIMEOUT_MS = 3000;

/**
 * GET /health: the gateway asks every service over the bus; 200 when all are
 * UP, 503 otherwise (for operators and monitoring); `eventStream` says whether
 * the public Kafka event stream is on (docs/event-stream.md).
 * GET /health/live: the gateway process serves HTTP (for liveness probes,
 * which must not fail because another service is down). GET /health/ready:
 * the same, until the gateway begins to stop (VNFM_DRAIN_DELAY_MS).
 */
@Controller('health')
export class HealthController {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  @Get('live')
  live(): { status: 'UP' } {
    return { status: 'UP' };
  }

  /** For a load balancer or a Service's endpoints: 200 while this gateway takes requests, 503 once it is stopping. */
  @Get('ready')
  ready(@Res() response: Response): void {
    if (this.runtime.draining) response.status(503).json({ status: 'DOWN', detail: 'This gateway is stopping.' });
    else response.status(200).json({ status: 'UP' });
  }

  @Get()
  async health(@Res() response: Response): Promise<void> {
    const gateway = await this.runtime.health();
    const checks = await Promise.all(
      BACKEND_SERVICES.map(async (service): Promise<[string, ServiceHealth | { status: 'DOWN'; detail: string }]> => {
        try {
          return [service, await this.runtime.bus.request<ServiceHealth>(healthMessageType(service), {}, { timeoutMs: HEALTH_TIMEOUT_MS })];
        } catch (error) {
          return [service, { status: 'DOWN', detail: errorMessage(error) }];
        }
      }),
    );
    const services = Object.fromEntries([['gateway', gateway], ...checks]);
    const status = checks.every(([, check]) => check.status === 'UP') ? 'UP' : 'DOWN';
    response
      .status(status === 'UP' ? 200 : 503)
      .json({ status, eventStream: describeEventStream(eventStreamSettingsOf(this.runtime.config)), services });
  }
}
