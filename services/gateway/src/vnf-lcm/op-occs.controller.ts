import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { IsIn } from 'class-validator';
import { AppError } from '@vnfm/contracts';
import {
  LCM_COORDINATOR,
  type CancelMode,
  type CancelOpOccMessage,
  type ListOpOccsMessage,
  type ListOpOccsReply,
  type OpOccRef,
  type VnfLcmOpOccView,
} from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { AuthGuard } from '../auth/auth.guard';
import { jsonBody } from '../http/request-body';
import { nextPageUri, solQueryOf } from '../http/sol-query.params';
import { apiMajorOf, VnfLcmApiVersionInterceptor } from './api-version.interceptor';

/**
 * ETSI GS NFV-SOL 003 §5.4.12-§5.4.17 under /vnflcm/v1 and /vnflcm/v2: the
 * operation occurrences (SOL 013 filters, selectors and paging, as for
 * instances) and their tasks. retry and rollback answer 202 with an empty
 * body, fail 200 with the occurrence (§5.4.16.3.1, what `openstack vnflcm op
 * fail` shows), cancel 202 once the cancel is recorded.
 */
/** ETSI GS NFV-SOL 003 §5.5.2.14 CancelMode: the body of …/cancel (Tacker's CLI sends GRACEFUL unless told otherwise). */
class CancelModeDto {
  @IsIn(['GRACEFUL', 'FORCEFUL'], { message: '$property must be GRACEFUL or FORCEFUL' })
  cancelMode!: CancelMode;
}

@Controller(['vnflcm/v1', 'vnflcm/v2'])
@UseGuards(AuthGuard)
@UseInterceptors(VnfLcmApiVersionInterceptor)
export class VnfLcmOpOccsController {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  @Get('vnf_lcm_op_occs')
  async list(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<ListOpOccsReply['items']> {
    const message: ListOpOccsMessage = { apiMajor: apiMajorOf(request), query: solQueryOf(request) };
    const reply = await this.runtime.bus.request<ListOpOccsReply>(LCM_COORDINATOR.listOpOccs, message);
    if (reply.nextMarker) response.setHeader('Link', `<${nextPageUri(request, reply.nextMarker)}>; rel="next"`);
    return reply.items;
  }

  @Get('vnf_lcm_op_occs/:vnfLcmOpOccId')
  show(@Req() request: Request, @Param('vnfLcmOpOccId') vnfLcmOpOccId: string): Promise<VnfLcmOpOccView> {
    return this.send<VnfLcmOpOccView>(LCM_COORDINATOR.getOpOcc, request, vnfLcmOpOccId);
  }

  @Post('vnf_lcm_op_occs/:vnfLcmOpOccId/retry')
  @HttpCode(202)
  async retry(@Req() request: Request, @Param('vnfLcmOpOccId') vnfLcmOpOccId: string): Promise<void> {
    await this.send(LCM_COORDINATOR.retryOpOcc, request, vnfLcmOpOccId);
  }

  @Post('vnf_lcm_op_occs/:vnfLcmOpOccId/rollback')
  @HttpCode(202)
  async rollback(@Req() request: Request, @Param('vnfLcmOpOccId') vnfLcmOpOccId: string): Promise<void> {
    await this.send(LCM_COORDINATOR.rollbackOpOcc, request, vnfLcmOpOccId);
  }

  @Post('vnf_lcm_op_occs/:vnfLcmOpOccId/fail')
  @HttpCode(200)
  fail(@Req() request: Request, @Param('vnfLcmOpOccId') vnfLcmOpOccId: string): Promise<VnfLcmOpOccView> {
    return this.send<VnfLcmOpOccView>(LCM_COORDINATOR.failOpOcc, request, vnfLcmOpOccId);
  }

  /** §5.4.17: 202 once the cancel is recorded (the occurrence shows isCancelPending and cancelMode); 409 in any other state than STARTING, PROCESSING, ROLLING_BACK. */
  @Post('vnf_lcm_op_occs/:vnfLcmOpOccId/cancel')
  @HttpCode(202)
  async cancel(@Req() request: Request, @Param('vnfLcmOpOccId') vnfLcmOpOccId: string): Promise<void> {
    const { cancelMode } = jsonBody(request, CancelModeDto);
    const message: CancelOpOccMessage = { apiMajor: apiMajorOf(request), vnfLcmOpOccId, cancelMode };
    await this.runtime.bus.request(LCM_COORDINATOR.cancelOpOcc, message, { key: vnfLcmOpOccId });
  }

  @Post('vnf_lcm_op_occs/:vnfLcmOpOccId/:task')
  unknownTask(@Param('task') task: string): never {
    throw new AppError('NOT_FOUND', 404, 'Not Found', `LCM operation occurrences have no ${task} task resource.`);
  }

  private send<T>(type: string, request: Request, vnfLcmOpOccId: string): Promise<T> {
    const ref: OpOccRef = { apiMajor: apiMajorOf(request), vnfLcmOpOccId };
    return this.runtime.bus.request<T>(type, ref, { key: vnfLcmOpOccId });
  }
}
