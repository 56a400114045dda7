import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import type { Observable } from 'rxjs';

/**
 * The version of the VNF package management API served under /vnfpkgm/v1
 * (SOL 013 §9.1: the URI's major version is the API's major version).
 */
export const VNFPKGM_API_VERSION = '1.3.0';

/** Every response of the API family, refusals included, carries the `Version` header (SOL 013 §4.2). */
@Injectable()
export class ApiVersionInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    context.switchToHttp().getResponse<Response>().setHeader('Version', VNFPKGM_API_VERSION);
    return next.handle();
  }
}
