import type { VduCp, VirtualStorage, Vdu } from '@vnfm/vnfd';
import type { HotTemplate } from './hot-template';

/** A value a VDU's resources take: from the `nfv` parameter, or from a resource of the top template (an internal VL's net). */
type VduInput = { get_param: (string | number)[] } | { get_resource: string };

/** What the resources of one VDU read from outside them, by the name a nested template declares it under. */
export type VduInputs = Record<string, VduInput>;

const GB = 1_000_000_000;

/** SOL 001 sizes are decimal (1 GB = 10^9 bytes, §5.5.1.3 scalar-unit.size); Cinder sizes volumes in whole GiB: round up, at least 1. */
const volumeSize = (bytes: number | undefined) => Math.max(1, Math.ceil((bytes ?? GB) / GB));

/**
 * One VDU as Heat resources, the Tacker v1 heat-translator way (VDU →
 * OS::Nova::Server, VduCp → OS::Neutron::Port, VirtualBlockStorage →
 * OS::Cinder::Volume): the server named after the VDU, a port per CP
 * (VNFD `order` first), a volume per storage. A VDU without an image of its
 * own boots from its storage that has one. `ref` says how the resources read
 * an input (a top-level server reads `nfv` directly; a scaling group's member
 * template reads its own parameters).
 */
export function vduResources(
  vdu: Vdu,
  cps: readonly VduCp[],
  storages: readonly VirtualStorage[],
  ref: (input: string) => unknown,
): HotTemplate {
  const resources: Record<string, unknown> = {};
  const ordered = cps
    .filter((cp) => cp.vduId === vdu.id)
    .sort((a, b) => (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER));
  for (const cp of ordered) resources[cp.id] = { type: 'OS::Neutron::Port', properties: { network: ref(networkInput(cp.id)) } };
  const own = storages.filter((storage) => vdu.storages.includes(storage.id));
  const bootVolume = vdu.swImage ? undefined : own.find((storage) => storage.swImage);
  for (const storage of own) {
    resources[storage.id] = {
      type: 'OS::Cinder::Volume',
      properties: { size: volumeSize(storage.sizeBytes), ...(storage.swImage && { image: ref(imageInput(storage.id)) }) },
    };
  }
  const devices = own.map((storage) => ({
    volume_id: { get_resource: storage.id },
    boot_index: storage === bootVolume ? 0 : -1,
    delete_on_termination: true,
  }));
  resources[vdu.id] = {
    type: 'OS::Nova::Server',
    properties: {
      name: vdu.name,
      flavor: ref(flavorInput),
      ...(vdu.swImage && { image: ref(imageInput(vdu.id)) }),
      ...(devices.length > 0 && { block_device_mapping_v2: devices }),
      networks: ordered.map((cp) => ({ port: { get_resource: cp.id } })),
    },
  };
  return resources;
}

const flavorInput = 'flavor';
const imageInput = (node: string) => `image-${node}`;
const networkInput = (cp: string) => `net-${cp}`;

/** heat-translator's name for the OS::Nova::Flavor it makes of a VDU's virtual_compute. */
export const flavorResourceName = (vduId: string) => `${vduId}_flavor`;

const MIB = 1_048_576;
const GIB = 1_073_741_824;

/**
 * The OS::Nova::Flavor of a VDU, as heat-translator makes it of the VDU's
 * virtual_compute (ToscaNfvVduCompute.handle_expansion): `ram` in MiB, `vcpus`,
 * `disk` in GiB from the first virtual_local_storage, each unit conversion
 * truncated to a whole number. Undefined for a VDU whose virtual_compute lacks
 * its memory or CPUs.
 */
export function flavorResource(vdu: Vdu): { type: 'OS::Nova::Flavor'; properties: Record<string, number> } | undefined {
  const compute = vdu.virtualCompute;
  if (compute?.memoryBytes === undefined || compute.numVirtualCpu === undefined) return undefined;
  return {
    type: 'OS::Nova::Flavor',
    properties: {
      ram: Math.trunc(compute.memoryBytes / MIB),
      vcpus: compute.numVirtualCpu,
      ...(compute.localStorageBytes !== undefined && { disk: Math.trunc(compute.localStorageBytes / GIB) }),
    },
  };
}

/**
 * The inputs of a VDU's resources: its flavour, the OS::Nova::Flavor of the
 * top template (flavorResource); in Tacker v2's `nfv` convention
 * `nfv.VDU.<node>.vcImageId` for the VDU's and each storage's image,
 * `nfv.CP.<cp>.network` for a CP on an external VL; a CP on an internal VL is
 * on that VL's net.
 */
export function vduInputs(vdu: Vdu, cps: readonly VduCp[], storages: readonly VirtualStorage[]): VduInputs {
  const inputs: VduInputs = { [flavorInput]: { get_resource: flavorResourceName(vdu.id) } };
  if (vdu.swImage) inputs[imageInput(vdu.id)] = { get_param: ['nfv', 'VDU', vdu.id, 'vcImageId'] };
  for (const storage of storages)
    if (vdu.storages.includes(storage.id) && storage.swImage)
      inputs[imageInput(storage.id)] = { get_param: ['nfv', 'VDU', storage.id, 'vcImageId'] };
  for (const cp of cps) {
    if (cp.vduId !== vdu.id) continue;
    inputs[networkInput(cp.id)] = cp.virtualLinkId ? { get_resource: cp.virtualLinkId } : { get_param: ['nfv', 'CP', cp.id, 'network'] };
  }
  return inputs;
}
