import { randomUUID } from 'node:crypto';
import { Controller, HttpCode, Inject, Post, Query, UseGuards } from '@nestjs/common';
import { AppError, BACKEND_SERVICES, isServiceName } from '@vnfm/contracts';
import { probeMessageType, SERVICE_RUNTIME, type ProbeResult, type ServiceRuntime } from '@vnfm/platform';
import { currentTraceIds } from '@vnfm/telemetry';
import { AuthGuard } from '../auth/auth.guard';

/**
 * POST /diagnostics/v1/probes[?service=<name>] (extension beside the SOL APIs):
 * sends a probe command over the bus to each service, which appends an event
 * to its own store and reports it back. One trace id spans the request, the
 * services and the stored events' metadata.
 */
@Controller('diagnostics/v1/probes')
@UseGuards(AuthGuard)
export class ProbesController {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  @Post()
  @HttpCode(201)
  async probe(@Query('service') only?: string): Promise<{ probeId: string; traceId?: string; results: ProbeResult[] }> {
    if (only !== undefined && !(isServiceName(only) && only !== 'gateway')) {
      throw new AppError('INVALID_SERVICE', 400, 'Bad Request', `service must be one of ${BACKEND_SERVICES.join(', ')}`);
    }
    const probeId = randomUUID();
    const targets = only ? [only] : BACKEND_SERVICES;
    const results = await Promise.all(
      targets.map((service) => this.runtime.bus.request<ProbeResult>(probeMessageType(service), { probeId }, { key: probeId })),
    );
    this.runtime.logger.info({ probeId, services: targets.length }, 'diagnostic probe completed');
    return { probeId, traceId: currentTraceIds().traceId, results };
  }
}
