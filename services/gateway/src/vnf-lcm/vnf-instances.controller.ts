import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  LCM_COORDINATOR,
  type CreateVnfInstanceMessage,
  type DeleteVnfInstanceMessage,
  type ListVnfInstancesMessage,
  type ListVnfInstancesReply,
  type TaggedVnfInstanceReply,
  type VnfInstanceRef,
  type VnfInstanceView,
} from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { AuthGuard } from '../auth/auth.guard';
import { jsonBody } from '../http/request-body';
import { apiMajorOf, VnfLcmApiVersionInterceptor } from './api-version.interceptor';
import { CreateVnfRequestDto } from './vnf-instance.dto';
import { ifMatchRevisions, instanceEtag } from './instance-etag';
import { nextPageUri, solQueryOf } from '../http/sol-query.params';

/**
 * ETSI GS NFV-SOL 003 §5.4.2 and §5.4.3 under /vnflcm/v1 (v2.6.1, as Tacker
 * v1) and /vnflcm/v2 (v3.3.1, as Tacker v2): create, query (SOL 013
 * filters, selectors, paging with `Link: <...>; rel="next"`), read, delete.
 * The lcm-coordinator renders the version's view.
 */
@Controller(['vnflcm/v1', 'vnflcm/v2'])
@UseGuards(AuthGuard)
@UseInterceptors(VnfLcmApiVersionInterceptor)
export class VnfInstancesController {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  @Post('vnf_instances')
  @HttpCode(201)
  async create(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<VnfInstanceView> {
    const { vnfdId, vnfInstanceName, vnfInstanceDescription, metadata } = jsonBody(request, CreateVnfRequestDto);
    const message: CreateVnfInstanceMessage = {
      apiMajor: apiMajorOf(request),
      request: { vnfdId, vnfInstanceName, vnfInstanceDescription, metadata },
    };
    const instance = await this.runtime.bus.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, message, { key: vnfdId });
    response.setHeader('Location', instance._links.self.href);
    return instance;
  }

  @Get('vnf_instances')
  async list(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<ListVnfInstancesReply['items']> {
    const message: ListVnfInstancesMessage = { apiMajor: apiMajorOf(request), query: solQueryOf(request) };
    const reply = await this.runtime.bus.request<ListVnfInstancesReply>(LCM_COORDINATOR.listVnfInstances, message);
    if (reply.nextMarker) response.setHeader('Link', `<${nextPageUri(request, reply.nextMarker)}>; rel="next"`);
    return reply.items;
  }

  /** With `ETag`, for If-Match on PATCH and DELETE (412 when the instance changed since). */
  @Get('vnf_instances/:vnfInstanceId')
  async show(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @Param('vnfInstanceId') vnfInstanceId: string,
  ): Promise<VnfInstanceView> {
    const ref: VnfInstanceRef = { apiMajor: apiMajorOf(request), vnfInstanceId };
    const { instance, revision } = await this.runtime.bus.request<TaggedVnfInstanceReply>(LCM_COORDINATOR.getTaggedVnfInstance, ref, {
      key: vnfInstanceId,
    });
    response.setHeader('ETag', instanceEtag(revision));
    return instance;
  }

  @Delete('vnf_instances/:vnfInstanceId')
  @HttpCode(204)
  async delete(@Req() request: Request, @Param('vnfInstanceId') vnfInstanceId: string): Promise<void> {
    const message: DeleteVnfInstanceMessage = { apiMajor: apiMajorOf(request), vnfInstanceId, ifMatchRevisions: ifMatchRevisions(request) };
    await this.runtime.bus.request(LCM_COORDINATOR.deleteVnfInstance, message, { key: vnfInstanceId });
  }
}
