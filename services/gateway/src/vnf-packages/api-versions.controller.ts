import { Controller, Get, UseGuards, UseInterceptors } from '@nestjs/common';
import { VNFPKGM_URI_PREFIX } from '@vnfm/vnf-package-domain';
import { AuthGuard } from '../auth/auth.guard';
import { ApiVersionInterceptor, VNFPKGM_API_VERSION } from './api-version.interceptor';

/** ETSI GS NFV-SOL 013 v2.6.1 §9.3: the API versions served under /vnfpkgm/v1. */
@Controller('vnfpkgm/v1/api_versions')
@UseGuards(AuthGuard)
@UseInterceptors(ApiVersionInterceptor)
export class VnfpkgmApiVersionsController {
  @Get()
  versions(): { uriPrefix: string; apiVersions: { version: string; isDeprecated: boolean }[] } {
    return { uriPrefix: VNFPKGM_URI_PREFIX, apiVersions: [{ version: VNFPKGM_API_VERSION, isDeprecated: false }] };
  }
}
