import { Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '@vnfm/contracts';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { PACKAGE_CATALOG, type ListPackagesReply, type ModifyPackageReply, type VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { AuthGuard } from '../auth/auth.guard';
import { ApiVersionInterceptor } from './api-version.interceptor';
import { keyOf, packageRefOf } from './package-ref';
import { jsonBody } from '../http/request-body';
import { CreateVnfPkgInfoRequestDto, VnfPkgInfoModificationsDto } from './vnf-package.dto';
import { nextPageUri, solQueryOf } from '../http/sol-query.params';

/**
 * ETSI GS NFV-SOL 005 v2.6.1 §9.4.2 and §9.4.3 as Tacker serves them under
 * /vnfpkgm/v1: create, query (SOL 013 filters, selectors, paging with a
 * `Link: <...>; rel="next"` header), read, modify, delete. The onboarded
 * packages, queried the same way or read by VNFD id, follow SOL 003 v3.3.1
 * §10.4.2 and §10.4.3 ("onboarded VNF packages"); Tacker has no such routes.
 */
@Controller('vnfpkgm/v1')
@UseGuards(AuthGuard)
@UseInterceptors(ApiVersionInterceptor)
export class VnfPackagesController {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  @Post('vnf_packages')
  @HttpCode(201)
  async create(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<VnfPkgInfo> {
    const { userDefinedData } = jsonBody(request, CreateVnfPkgInfoRequestDto);
    const info = await this.runtime.bus.request<VnfPkgInfo>(PACKAGE_CATALOG.createPackage, { userDefinedData });
    response.setHeader('Location', info._links.self.href);
    return info;
  }

  @Get('vnf_packages')
  list(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<ListPackagesReply['items']> {
    return this.query(request, response, false);
  }

  @Get('onboarded_vnf_packages')
  listOnboarded(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<ListPackagesReply['items']> {
    return this.query(request, response, true);
  }

  private async query(request: Request, response: Response, onboardedOnly: boolean): Promise<ListPackagesReply['items']> {
    const reply = await this.runtime.bus.request<ListPackagesReply>(PACKAGE_CATALOG.listPackages, {
      query: solQueryOf(request),
      onboardedOnly,
    });
    if (reply.nextMarker) response.setHeader('Link', `<${nextPageUri(request, reply.nextMarker)}>; rel="next"`);
    return reply.items;
  }

  @Get(['vnf_packages/:vnfPkgId', 'onboarded_vnf_packages/:vnfdId'])
  show(@Param() params: { vnfPkgId?: string; vnfdId?: string }): Promise<VnfPkgInfo> {
    return this.runtime.bus.request<VnfPkgInfo>(PACKAGE_CATALOG.getPackage, packageRefOf(params), { key: keyOf(params) });
  }

  @Patch('vnf_packages/:vnfPkgId')
  modify(@Param('vnfPkgId') vnfPkgId: string, @Req() request: Request): Promise<ModifyPackageReply> {
    const { operationalState, userDefinedData } = jsonBody(request, VnfPkgInfoModificationsDto);
    if (operationalState === undefined && userDefinedData === undefined) {
      throw new AppError('INVALID_REQUEST_BODY', 400, 'Bad Request', 'The body must give operationalState, userDefinedData or both.');
    }
    return this.runtime.bus.request<ModifyPackageReply>(
      PACKAGE_CATALOG.modifyPackage,
      { vnfPkgId, operationalState, userDefinedData },
      { key: vnfPkgId },
    );
  }

  @Delete('vnf_packages/:vnfPkgId')
  @HttpCode(204)
  async delete(@Param('vnfPkgId') vnfPkgId: string): Promise<void> {
    await this.runtime.bus.request(PACKAGE_CATALOG.deletePackage, { vnfPkgId }, { key: vnfPkgId });
  }
}
