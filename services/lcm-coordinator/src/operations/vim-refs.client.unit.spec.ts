import type { ServiceRuntime } from '@vnfm/platform';
import { VimRefsClient } from './vim-refs.client';

describe('the VIMs of an instantiation are its instance tenant', () => {
  it('names the tenant whose VIMs (and default VIM) to resolve, none for an instance of no tenant', async () => {
    const payloads: unknown[] = [];
    const runtime = {
      bus: {
        request: async (_: string, payload: unknown) => {
          payloads.push(payload);
          return { vimConnectionInfo: {} };
        },
      },
    } as unknown as ServiceRuntime;
    const client = new VimRefsClient(runtime);
    await client.resolve(undefined, 'tenant-a');
    await client.resolve({ vim: { vimId: 'v-1', vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' } }, undefined);
    expect(payloads).toEqual([
      { vimConnectionInfo: undefined, tenant: 'tenant-a' },
      { vimConnectionInfo: { vim: { vimId: 'v-1', vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' } } },
    ]);
  });
});
