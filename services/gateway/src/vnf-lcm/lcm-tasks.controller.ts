import { Controller, HttpCode, Inject, Param, Patch, Post, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '@vnfm/contracts';
import { LCM_COORDINATOR, vnfLcmUriPrefix, type StartOperationMessage, type StartOperationReply } from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { PACKAGE_CATALOG, type GetPackageRequest, type VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { AuthGuard } from '../auth/auth.guard';
import { apiMajorOf, VnfLcmApiVersionInterceptor } from './api-version.interceptor';
import { ifMatchRevisions } from './instance-etag';
import { readModification, readTaskRequest, type TaskRequest } from './lcm-task-requests';

const isNotFound = (error: unknown) => error instanceof AppError && error.status === 404;

/**
 * ETSI GS NFV-SOL 003 §5.4.4-§5.4.11 task resources and §5.4.3.3.4 PATCH
 * under /vnflcm/v1 (v2.6.1, as Tacker v1) and /vnflcm/v2 (v3.3.1, as Tacker
 * v2): the body is checked per version, becomes one LCM operation request,
 * and the lcm-coordinator starts it. 202 with `Location` of the operation
 * occurrence and an empty body: python-tackerclient prints "... has been
 * accepted" only when the body is empty. The coordinator's refusals (404,
 * 409, 412, 422) pass through the ProblemFilter as they are. PATCH honours
 * If-Match (the ETag of GET on the instance), decided by the coordinator.
 */
@Controller(['vnflcm/v1', 'vnflcm/v2'])
@UseGuards(AuthGuard)
@UseInterceptors(VnfLcmApiVersionInterceptor)
export class LcmTasksController {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  @Post('vnf_instances/:vnfInstanceId/:task')
  @HttpCode(202)
  async task(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @Param('vnfInstanceId') vnfInstanceId: string,
    @Param('task') task: string,
  ): Promise<void> {
    await this.start(request, response, vnfInstanceId, readTaskRequest(task, apiMajorOf(request), request));
  }

  @Patch('vnf_instances/:vnfInstanceId')
  @HttpCode(202)
  async modify(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @Param('vnfInstanceId') vnfInstanceId: string,
  ): Promise<void> {
    await this.start(request, response, vnfInstanceId, readModification(apiMajorOf(request), request), ifMatchRevisions(request));
  }

  private async start(request: Request, response: Response, vnfInstanceId: string, task: TaskRequest, ifMatch?: number[]): Promise<void> {
    if (task.vnfPkgId !== undefined && task.request.operation === 'MODIFY_INFO')
      task.request.params.vnfdId = await this.vnfdIdOf(task.vnfPkgId);
    const apiMajor = apiMajorOf(request);
    const message: StartOperationMessage = { apiMajor, vnfInstanceId, request: task.request, ifMatchRevisions: ifMatch };
    const { vnfLcmOpOccId } = await this.runtime.bus.request<StartOperationReply>(LCM_COORDINATOR.startOperation, message, {
      key: vnfInstanceId,
    });
    response.setHeader('Location', `${vnfLcmUriPrefix(apiMajor)}/vnf_lcm_op_occs/${vnfLcmOpOccId}`);
  }

  /** v1 PATCH names the new package (SOL 003 v2.6.1 vnfPkgId); the LCM works with the VNFD id of its onboarded content. */
  private async vnfdIdOf(vnfPkgId: string): Promise<string> {
    const message: GetPackageRequest = { vnfPkgId };
    const unknown = () =>
      new AppError('UNKNOWN_VNF_PACKAGE', 422, 'Unprocessable Entity', `vnfPkgId ${vnfPkgId} names no onboarded VNF package.`);
    const info = await this.runtime.bus
      .request<VnfPkgInfo>(PACKAGE_CATALOG.getPackage, message, { key: vnfPkgId })
      .catch((error: unknown) => {
        throw isNotFound(error) ? unknown() : error;
      });
    if (info.vnfdId === undefined) throw unknown();
    return info.vnfdId;
  }
}
