import { isRecord } from '@vnfm/util';
import { type NovaServer } from '@vnfm/openstack-heat';
import { expectOk } from './openstack-http';
import type { OpenStackSession } from './openstack-session';

/** Nova (Compute API v2.1) server reads. */
export class NovaClient {
  constructor(private readonly session: OpenStackSession) {}

  /** "Show server details"; undefined for a server Nova no longer has. */
  async server(id: string): Promise<NovaServer | undefined> {
    const { answer, request } = await this.session.call('nova', 'GET', `/servers/${encodeURIComponent(id)}`);
    if (answer.status === 404) return undefined;
    expectOk(answer, request);
    const server = isRecord(answer.body) && isRecord(answer.body['server']) ? answer.body['server'] : {};
    return {
      id,
      name: typeof server['name'] === 'string' ? server['name'] : undefined,
      status: typeof server['status'] === 'string' ? server['status'] : undefined,
      addresses: isRecord(server['addresses']) ? server['addresses'] : undefined,
    };
  }
}
