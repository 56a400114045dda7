import { Controller, Get, Inject, Param, Query, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import {
  LCM_COORDINATOR,
  withAbsoluteLinks,
  type AuditTrailMessage,
  type AuditTrailReply,
  type InstanceAtMessage,
  type VnfInstanceView,
} from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { AuthGuard } from '../auth/auth.guard';
import { originOf } from '../vnf-lcm/api-version.interceptor';
import { readInstanceStateQuery } from './point-in-time.query';

/**
 * The audit extension: this VNF Manager's own read-only API beside SOL 003,
 * answered from the VNF instance's event stream.
 *
 * - `GET /audit/v1/vnf_instances/{id}/events`: one entry per event of the
 *   instance (revision, type, operation occurrence, principal, time,
 *   correlation id, the request that started it with secrets redacted,
 *   VNFCs added and removed, scale levels after it).
 * - `GET /audit/v1/vnf_instances/{id}/state?position=<revision>` or
 *   `?time=<ISO 8601>` (exactly one; `apiVersion=1|2`, default 2): the
 *   VnfInstance as it was then, rebuilt by replaying its events up to there,
 *   in the view of that /vnflcm API version (links absolute, as that API writes them).
 *
 * Same token as every API; a bad query is a 400 ProblemDetails, an unknown
 * instance the coordinator's 404.
 */
@Controller('audit/v1/vnf_instances/:vnfInstanceId')
@UseGuards(AuthGuard)
export class AuditController {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  @Get('events')
  events(@Param('vnfInstanceId') vnfInstanceId: string): Promise<AuditTrailReply> {
    const message: AuditTrailMessage = { vnfInstanceId };
    return this.runtime.bus.request<AuditTrailReply>(LCM_COORDINATOR.getAuditTrail, message, { key: vnfInstanceId });
  }

  @Get('state')
  async state(
    @Req() request: Request,
    @Param('vnfInstanceId') vnfInstanceId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<VnfInstanceView> {
    const { at, apiMajor } = readInstanceStateQuery(query);
    const message: InstanceAtMessage = { apiMajor, vnfInstanceId, at };
    const instance = await this.runtime.bus.request<VnfInstanceView>(LCM_COORDINATOR.getInstanceAt, message, { key: vnfInstanceId });
    return withAbsoluteLinks(instance, originOf(request));
  }
}
