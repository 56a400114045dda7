import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { VNFLCM_API_VERSIONS } from '@vnfm/lcm-domain';
import { AuthGuard } from '../auth/auth.guard';
import { VNFPKGM_API_VERSION } from '../vnf-packages/api-version.interceptor';

/** SOL 013 §7.1.6 ApiVersionInformation. */
interface ApiVersionInformation {
  uriPrefix: string;
  apiVersions: { version: string; isDeprecated: boolean }[];
}

/** Every major version served of each API, by API name (SOL 013 §9.1: the URI's major version is the API's). */
const SERVED: Record<'vnflcm' | 'vnfpkgm', string[]> = {
  vnflcm: Object.values(VNFLCM_API_VERSIONS),
  vnfpkgm: [VNFPKGM_API_VERSION],
};

/**
 * ETSI GS NFV-SOL 013 v2.6.1 §9.3.2: `{apiRoot}/{apiName}/api_versions`,
 * without the major version, lists the versions of every major version the
 * API is served in (vnflcm: 1.3.0 under /vnflcm/v1 and 2.0.0 under
 * /vnflcm/v2). `Version` carries the newest. No Version request header is
 * needed: this is how a client learns what to send.
 */
@Controller()
@UseGuards(AuthGuard)
export class ApiVersionsController {
  @Get('vnflcm/api_versions')
  vnflcm(@Res({ passthrough: true }) response: Response): ApiVersionInformation {
    return information('vnflcm', response);
  }

  @Get('vnfpkgm/api_versions')
  vnfpkgm(@Res({ passthrough: true }) response: Response): ApiVersionInformation {
    return information('vnfpkgm', response);
  }
}

function information(apiName: keyof typeof SERVED, response: Response): ApiVersionInformation {
  const versions = SERVED[apiName];
  response.setHeader('Version', versions[versions.length - 1]);
  return { uriPrefix: `/${apiName}`, apiVersions: versions.map((version) => ({ version, isDeprecated: false })) };
}
