import { Inject, Injectable, Optional, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { TLSSocket } from 'node:tls';
import type { Request } from 'express';
import { AppError } from '@vnfm/contracts';
import { currentContext } from '@vnfm/telemetry';
import { POLICY, policyOf, type Policy } from './policy';
import type { PolicyTarget } from './policy/enhanced-attributes';
import type { TargetKind } from './policy/rules';
import { PolicyTargets } from './policy-targets';
import { AUTHENTICATOR, type Authenticator, type Principal } from './principal';

/** Set by the guard on a list request whose rule compares attributes: the items the principal may see (policy-filter.interceptor.ts). */
export type PolicyFiltered = Request & { policyFilter?: { kind: TargetKind; admits: (target: PolicyTarget) => boolean } };

/** Longer than any token a real server issues (Keystone's Fernet ~250, a Keycloak JWT ~1,500): refused before any check. */
const MAX_TOKEN_LENGTH = 8192;

const unauthorized = (detail: string) => new AppError('UNAUTHORIZED', 401, 'Unauthorized', detail);

/**
 * Every API endpoint needs a token, `X-Auth-Token` (what the Tacker CLI
 * sends) or `Authorization: Bearer`, that the configured Authenticator
 * accepts, and to pass the rule the policy names for the request (the
 * defaults, or VNFM_POLICY_FILE, read once at the gateway's start). A request
 * presenting both is accepted only when both are valid and name the same
 * principal; a header given twice is refused, whichever copy is right.
 * With enhanced policy, a rule comparing attributes is decided on those of
 * the resource the request names (read in the requester's tenant), and a
 * list is filtered item by item.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    @Inject(AUTHENTICATOR) private readonly authenticator: Authenticator,
    @Optional() @Inject(POLICY) private readonly policy: Policy = policyOf(undefined),
    @Optional() private readonly targets?: PolicyTargets,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<PolicyFiltered & { principal?: string }>();
    const tokens = presentedTokens(request);
    if (tokens.length === 0) throw unauthorized('An X-Auth-Token or Authorization: Bearer token is required.');
    const presented = { certificate: clientCertificateOf(request) };
    const principals = await Promise.all(tokens.map((token) => this.authenticator.authenticate(token, presented)));
    if (principals.some((principal) => principal === undefined)) throw unauthorized('The token is not valid.');
    const [principal, ...others] = principals as Principal[];
    if (others.some((other) => other.name !== principal.name)) throw unauthorized('The credentials presented name different principals.');
    const { method, path } = request;
    const kind = this.targets && this.policy.targetOf(method, path);
    if (!kind) forbidIf(this.policy.refusal(principal, method, path));
    if (!principal.tenant && !principal.allTenants)
      throw new AppError(
        'FORBIDDEN',
        403,
        'Forbidden',
        'The token names no tenant (a Keystone project scope, or the OAuth tenant claim), and its principal may not act in all tenants.',
      );
    request.principal = principal.name;
    const messageContext = currentContext();
    if (messageContext) {
      messageContext.principal = principal.name;
      messageContext.tenant = principal.tenant;
      messageContext.allTenants = principal.allTenants;
    }
    if (kind && this.targets) {
      const target = await this.targets.of(kind, request);
      if (target) forbidIf(this.policy.refusal(principal, method, path, target));
      else request.policyFilter = { kind, admits: (each) => this.policy.refusal(principal, method, path, each) === undefined };
    }
    return true;
  }
}

function forbidIf(refusal: string | undefined): void {
  if (refusal) throw new AppError('FORBIDDEN', 403, 'Forbidden', refusal);
}

/**
 * The DER of the TLS client certificate, when the connection gave one; 401
 * for one no configured CA vouches for (VNFM_TLS_CLIENT_AUTH=optional lets
 * such a handshake through).
 */
function clientCertificateOf(request: Request): Buffer | undefined {
  const socket = request.socket as Partial<TLSSocket>;
  const certificate = socket.getPeerCertificate?.()?.raw;
  if (certificate && !socket.authorized) throw unauthorized('The client certificate is not signed by a CA the gateway trusts.');
  return certificate;
}

/** The distinct tokens of X-Auth-Token and Authorization: Bearer; 401 for a header given more than once or a malformed Authorization. */
function presentedTokens(request: Request): string[] {
  const given = (name: string) =>
    request.rawHeaders.filter((_, index) => index % 2 === 0 && request.rawHeaders[index].toLowerCase() === name);
  if (given('x-auth-token').length > 1 || given('authorization').length > 1)
    throw unauthorized('X-Auth-Token and Authorization may each be given once.');
  const tokens: string[] = [];
  const tooLong = (token: string) => {
    if (token.length > MAX_TOKEN_LENGTH) throw unauthorized(`A token is at most ${MAX_TOKEN_LENGTH} characters long.`);
    return token;
  };
  const header = request.header('x-auth-token')?.trim();
  if (header) tokens.push(tooLong(header));
  const authorization = request.header('authorization');
  if (authorization !== undefined) {
    const bearer = authorization.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!bearer) throw unauthorized('Authorization must be "Bearer <token>".');
    tokens.push(tooLong(bearer));
  }
  return [...new Set(tokens)];
}
