import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { AppError } from '@vnfm/contracts';
import { currentContext } from '@vnfm/telemetry';

export const ADMIN_TOKEN = Symbol('ADMIN_TOKEN');

/**
 * Every API endpoint needs a token: `X-Auth-Token` (what the Tacker CLI sends
 * with --os-auth-type admin_token) or `Authorization: Bearer`.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(@Inject(ADMIN_TOKEN) private readonly adminToken: string) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request & { principal?: string }>();
    const presented = tokenOf(request);
    if (!presented) throw new AppError('UNAUTHORIZED', 401, 'Unauthorized', 'An X-Auth-Token or Authorization: Bearer token is required.');
    if (!sameSecret(presented, this.adminToken)) throw new AppError('UNAUTHORIZED', 401, 'Unauthorized', 'The token is not valid.');
    request.principal = 'admin';
    const messageContext = currentContext();
    if (messageContext) messageContext.principal = request.principal;
    return true;
  }
}

function tokenOf(request: Request): string | undefined {
  const header = request.header('x-auth-token');
  if (header) return header.trim();
  const authorization = request.header('authorization');
  return authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
