import type { AddressPool } from '../compute/address-pool';
import { FlavorRegistry } from '../compute/flavor-registry';
import { ServerRegistry } from '../compute/server-registry';
import { ImageRegistry } from '../image/image-registry';
import { NeutronRegistry } from '../network/neutron-registry';

/** The simulated infrastructure stacks provision into. */
export class CloudState {
  readonly servers = new ServerRegistry();
  readonly flavors = new FlavorRegistry();
  readonly images = new ImageRegistry();
  readonly neutron = new NeutronRegistry();

  constructor(readonly addressPool: AddressPool) {}

  reset(): void {
    this.servers.clear();
    this.flavors.clear();
    this.images.clear();
    this.neutron.reset();
    this.addressPool.reset();
  }
}
