import { Controller, Get, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { VNFLCM_API_VERSIONS, vnfLcmUriPrefix } from '@vnfm/lcm-domain';
import { AuthGuard } from '../auth/auth.guard';
import { apiMajorOf, VnfLcmApiVersionInterceptor } from './api-version.interceptor';

/** ETSI GS NFV-SOL 013 v2.6.1 §9.3: the API version served under /vnflcm/v1 and under /vnflcm/v2. */
@Controller(['vnflcm/v1/api_versions', 'vnflcm/v2/api_versions'])
@UseGuards(AuthGuard)
@UseInterceptors(VnfLcmApiVersionInterceptor)
export class VnfLcmApiVersionsController {
  @Get()
  versions(@Req() request: Request): { uriPrefix: string; apiVersions: { version: string; isDeprecated: boolean }[] } {
    const major = apiMajorOf(request);
    return { uriPrefix: vnfLcmUriPrefix(major), apiVersions: [{ version: VNFLCM_API_VERSIONS[major], isDeprecated: false }] };
  }
}
