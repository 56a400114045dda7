import type { KeystoneAccess } from '@vnfm/openstack-heat';
import type { KeystoneTokens, ScopedToken } from './keystone-tokens';
import { callOpenStack, type OpenStackAnswer, type OpenStackRequest } from './openstack-http';

type Endpoint = 'heat' | 'nova';

/**
 * One step's access to a VIM: calls Heat and Nova with a cached token, and
 * once more with a new token when a call is answered 401 (a token revoked
 * before its expiry). The credentials live in this object for the step only.
 */
export class OpenStackSession {
  constructor(
    private readonly tokens: KeystoneTokens,
    private readonly access: KeystoneAccess,
    readonly signal: AbortSignal,
  ) {}

  async call(
    endpoint: Endpoint,
    method: OpenStackRequest['method'],
    path: string,
    body?: unknown,
  ): Promise<{ answer: OpenStackAnswer; request: OpenStackRequest }> {
    const send = (token: ScopedToken) => {
      const request: OpenStackRequest = {
        service: endpoint === 'heat' ? 'Heat' : 'Nova',
        method,
        url: `${token[endpoint]}${path}`,
        token: token.token,
        body,
        signal: this.signal,
      };
      return callOpenStack(request).then((answer) => ({ answer, request }));
    };
    const first = await send(await this.tokens.token(this.access));
    if (first.answer.status !== 401) return first;
    return send(await this.tokens.token(this.access, { fresh: true }));
  }
}
