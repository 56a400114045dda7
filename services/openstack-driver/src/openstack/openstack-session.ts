import type { Readable } from 'node:stream';
import { missingEndpoint, vimRefused, type KeystoneAccess } from '@vnfm/openstack-heat';
import type { KeystoneTokens, ScopedToken } from './keystone-tokens';
import { callOpenStack, type OpenStackAnswer, type OpenStackRequest } from './openstack-http';

type Endpoint = 'heat' | 'nova' | 'glance';

const SERVICES: Record<Endpoint, { name: string; type: string }> = {
  heat: { name: 'Heat', type: 'orchestration' },
  nova: { name: 'Nova', type: 'compute' },
  glance: { name: 'Glance', type: 'image' },
};

/** A binary body (an image upload) and how long its call may take. */
export interface CallData {
  data: () => Readable;
  timeoutMs: number;
}

/**
 * One step's access to a VIM: calls Heat, Nova and Glance with a cached token, and
 * once more with a new token when a call is answered 401 (a token revoked
 * before its expiry). The credentials live in this object for the step only.
 */
export class OpenStackSession {
  constructor(
    private readonly tokens: KeystoneTokens,
    private readonly access: KeystoneAccess,
    readonly signal: AbortSignal,
  ) {}

  /** Whether the token's catalog lists the service. */
  async offers(endpoint: Endpoint): Promise<boolean> {
    return (await this.tokens.token(this.access))[endpoint] !== undefined;
  }

  async call(
    endpoint: Endpoint,
    method: OpenStackRequest['method'],
    path: string,
    body?: unknown,
    upload?: CallData,
  ): Promise<{ answer: OpenStackAnswer; request: OpenStackRequest }> {
    const send = (token: ScopedToken) => {
      const base = token[endpoint];
      if (base === undefined) throw vimRefused(missingEndpoint(SERVICES[endpoint].type, this.access.region));
      const request: OpenStackRequest = {
        service: SERVICES[endpoint].name,
        method,
        url: `${base}${path}`,
        token: token.token,
        body,
        signal: this.signal,
        ...(upload && { data: upload.data, timeoutMs: upload.timeoutMs }),
      };
      return callOpenStack(request).then((answer) => ({ answer, request }));
    };
    const first = await send(await this.tokens.token(this.access));
    if (first.answer.status !== 401) return first;
    return send(await this.tokens.token(this.access, { fresh: true }));
  }
}
