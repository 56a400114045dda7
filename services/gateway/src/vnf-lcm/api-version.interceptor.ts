import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { AppError } from '@vnfm/contracts';
import { VNFLCM_API_VERSIONS, type VnfLcmApiMajor } from '@vnfm/lcm-domain';

/** The major version a /vnflcm request addresses, from its URI (SOL 013 §9.1). */
export const apiMajorOf = (request: Request): VnfLcmApiMajor => (request.path.startsWith('/vnflcm/v2/') ? 2 : 1);

/**
 * SOL 013 §4.2: every response of the VNF LCM API, refusals included,
 * carries `Version`, the API version of the resource (1.3.0 under v1, 2.0.0
 * under v2). A v2 request without `Version` is refused 400, as Tacker's v2
 * API does (APIVersionMissing: "'Version' HTTP header missing."); v1 accepts
 * it missing, as Tacker v1 does. The api_versions resource stays reachable
 * without it, so a client can discover what to send (SOL 013 §9.3).
 */
@Injectable()
export class VnfLcmApiVersionInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const major = apiMajorOf(request);
    context.switchToHttp().getResponse<Response>().setHeader('Version', VNFLCM_API_VERSIONS[major]);
    if (major === 2 && request.header('Version') === undefined && !request.path.endsWith('/api_versions')) {
      throw new AppError('VERSION_HEADER_MISSING', 400, 'Bad Request', "'Version' HTTP header missing.");
    }
    return next.handle();
  }
}
