import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { map, type Observable } from 'rxjs';
import { AppError } from '@vnfm/contracts';
import { VNFLCM_API_VERSIONS, withAbsoluteLinks, type VnfLcmApiMajor } from '@vnfm/lcm-domain';

/** The major version a /vnflcm request addresses, from its URI (SOL 013 §9.1). */
export const apiMajorOf = (request: Request): VnfLcmApiMajor => (request.path.startsWith('/vnflcm/v2/') ? 2 : 1);

/** The scheme and host the consumer addressed: what links in answers to it start with. */
export const originOf = (request: Request) => `${request.protocol}://${request.get('host')}`;

/** SOL 013 §9.1: a version is MAJOR.MINOR.PATCH (semantic versioning), without a suffix here. */
const VERSION_FORMAT = /^\d+\.\d+\.\d+$/;

/**
 * SOL 013 §4.2: every response of the VNF LCM API, refusals included,
 * carries `Version`, the API version of the resource (1.3.0 under v1, 2.0.0
 * under v2). SOL 013 §9.1 (the Version request header signals the API
 * version the consumer uses): a v2 request whose `Version` is missing or not
 * MAJOR.MINOR.PATCH is refused 400 ProblemDetails, and one naming a version
 * not served under /vnflcm/v2 406 Not Acceptable, as Tacker's v2 API does
 * (APIVersionMissing, InvalidAPIVersionString, APIVersionNotSupported). v1 accepts it missing, as
 * Tacker v1 does. The api_versions resource stays reachable whatever the
 * header says, so a client can discover what to send (SOL 013 §9.3).
 * Links leave as absolute URIs on the host the consumer addressed (SOL 013 §8.3).
 */
@Injectable()
export class VnfLcmApiVersionInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const major = apiMajorOf(request);
    context.switchToHttp().getResponse<Response>().setHeader('Version', VNFLCM_API_VERSIONS[major]);
    if (major === 2 && !request.path.endsWith('/api_versions'))
      refuseUnsupportedVersion(request.header('Version'), VNFLCM_API_VERSIONS[major]);
    return next.handle().pipe(map((body: unknown) => withAbsoluteLinks(body, originOf(request))));
  }
}

function refuseUnsupportedVersion(version: string | undefined, served: string): void {
  if (version === undefined) throw new AppError('VERSION_HEADER_MISSING', 400, 'Bad Request', "'Version' HTTP header missing.");
  const shown = JSON.stringify(version.slice(0, 32));
  if (!VERSION_FORMAT.test(version)) {
    throw new AppError(
      'VERSION_HEADER_INVALID',
      400,
      'Bad Request',
      `Version String ${shown} is of invalid format. Must be of format Major.Minor.Patch.`,
    );
  }
  if (version !== served)
    throw new AppError(
      'VERSION_NOT_SUPPORTED',
      406,
      'Not Acceptable',
      `Version ${shown} is not supported; this API serves ${served} (see GET /vnflcm/api_versions).`,
    );
}
