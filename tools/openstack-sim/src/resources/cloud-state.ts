import type { AddressPool } from '../compute/address-pool';
import { ServerRegistry } from '../compute/server-registry';
import { NeutronRegistry } from '../network/neutron-registry';

/** The simulated infrastructure stacks provision into. */
export class CloudState {
  readonly servers = new ServerRegistry();
  readonly neutron = new NeutronRegistry();

  constructor(readonly addressPool: AddressPool) {}

  reset(): void {
    this.servers.clear();
    this.neutron.reset();
    this.addressPool.reset();
  }
}
