import { isRecord, mergePatch } from '@vnfm/util';
import type { VnfdFlavour, VnfdModel } from '@vnfm/vnfd';
import type { ExtCpBinding } from './ext-virtual-links';
import { type NfvPath } from './hot-template';
import { pathText, setAtPath, valueAtPath } from './nfv-path';

/** Where the values of the `nfv` parameter come from at instantiation. */
export interface NfvSources {
  vnfd: VnfdModel;
  flavour: VnfdFlavour;
  /** VNFCs per VDU the instantiation level asks for. */
  vduCounts: Readonly<Record<string, number>>;
  extCps: readonly ExtCpBinding[];
  /** `additionalParams.nfv` of the request, merged last (JSON Merge Patch) as Tacker v2 does. */
  patch?: unknown;
  /** Where the template reads each VDU's VNFC count (see capacityPaths). */
  capacities?: Readonly<Record<string, NfvPath>>;
  /** Glance image ids by VDU or storage, for the images the VNFM uploaded from the package (else the image is named as sw_image_data names it). */
  images?: Readonly<Record<string, string>>;
}

type Fill = { value: unknown } | { skip: true } | { missing: string };

const ASK = 'give it in additionalParams.nfv';

/** Tacker v2 DefaultUserData: flavour and image from the VNFD (an image uploaded from the package by its Glance id), capacity from the level, zone only from a grant (none here). */
function fillVdu(name: string, leaf: string, { vnfd, flavour, vduCounts, capacities, images }: NfvSources): Fill {
  // The VNFC count goes where the template reads it: `desired_capacity`, or the leaf an AutoScalingGroup names.
  if (leaf === (capacities?.[name]?.[2] ?? 'desired_capacity')) {
    const count = vduCounts[name];
    return count === undefined ? { missing: `the flavour gives VDU ${name} no instance count` } : { value: count };
  }
  switch (leaf) {
    case 'computeFlavourId': {
      const flavourName = flavour.vdus.find((vdu) => vdu.id === name)?.virtualCompute?.requestedAdditionalCapabilities[0];
      return flavourName
        ? { value: flavourName }
        : {
            missing: `VDU ${name} names no requested_additional_capability_name (the Nova flavour) in the VNFD; give it as additionalParams.nfv.VDU.${name}.computeFlavourId`,
          };
    }
    case 'vcImageId': {
      const image = vnfd.softwareImages.find((candidate) => candidate.id === name);
      return image ? { value: images?.[name] ?? image.name } : { missing: `${name} has no sw_image_data in the VNFD` };
    }
    case 'locationConstraints':
      return { value: null };
    default:
      return { missing: `not a VDU parameter this VNFM fills; ${ASK}` };
  }
}

/** Tacker v2 get_param_network / get_param_fixed_ips: the external VL of the CP, its i-th IP address; extra list entries are dropped. */
function fillCp(name: string, rest: NfvPath, binding: ExtCpBinding | undefined): Fill {
  if (!binding) return { missing: `no extVirtualLinks[].extCps[] has cpdId ${name}` };
  const [key, index, field] = rest;
  if (key === 'network' && rest.length === 1) return { value: binding.network };
  if (key === 'port' && rest.length === 1)
    return binding.port ? { value: binding.port } : { missing: `the extCp ${name} gives no linkPortId of an extLinkPort` };
  if (key === 'fixed_ips' && typeof index === 'number' && (field === 'subnet' || field === 'ip_address') && rest.length === 3) {
    const address = binding.fixedIps[index];
    if (!address) return { skip: true };
    return { value: (field === 'subnet' ? address.subnet : address.ipAddress) ?? null };
  }
  return { missing: `not a CP parameter this VNFM fills; ${ASK}` };
}

function fill(path: NfvPath, sources: NfvSources): Fill {
  const [group, name, ...rest] = path;
  if (group === 'VDU' && typeof name === 'string' && rest.length === 1 && typeof rest[0] === 'string')
    return fillVdu(name, rest[0], sources);
  if (group === 'CP' && typeof name === 'string' && rest.length > 0)
    return fillCp(
      name,
      rest,
      sources.extCps.find((cp) => cp.cpdId === name),
    );
  return { missing: `not a parameter this VNFM fills; ${ASK}` };
}

/**
 * The `nfv` json parameter of a BaseHOT (Tacker v2 DefaultUserData.instantiate):
 * every `get_param: [nfv, ...]` path gets its value from the VNFD, the
 * request's external VLs or the VNFC counts, then `additionalParams.nfv` is
 * merged in. A path nothing fills is a problem, reported all at once.
 */
export function instantiateNfv(paths: readonly NfvPath[], sources: NfvSources): { nfv: Record<string, unknown>; problems: string[] } {
  const filled: Record<string, unknown> = {};
  const missing: [NfvPath, string][] = [];
  for (const path of paths) {
    const outcome = fill(path, sources);
    if ('value' in outcome) setAtPath(filled, path, outcome.value);
    else if ('missing' in outcome) missing.push([path, outcome.missing]);
  }
  const nfv = (isRecord(sources.patch) ? mergePatch(filled, sources.patch) : filled) as Record<string, unknown>;
  const problems = missing.filter(([path]) => valueAtPath(nfv, path) === undefined).map(([path, reason]) => `${pathText(path)}: ${reason}`);
  return { nfv, problems };
}

/**
 * Tacker v2 DefaultUserData.change_ext_conn: the CPs the request binds get
 * their new network and fixed IPs; everything else keeps its value.
 */
export function changeExtConnNfv(
  current: Record<string, unknown>,
  paths: readonly NfvPath[],
  extCps: readonly ExtCpBinding[],
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const path of paths) {
    const [group, name, key] = path;
    const binding = extCps.find((cp) => cp.cpdId === name);
    if (group !== 'CP' || !binding) continue;
    if (key === 'network') setAtPath(patch, ['CP', binding.cpdId, 'network'], binding.network);
    if (key === 'fixed_ips') setAtPath(patch, ['CP', binding.cpdId, 'fixed_ips'], fixedIpsFor(paths, binding));
  }
  return mergePatch(current, patch) as Record<string, unknown>;
}

function fixedIpsFor(paths: readonly NfvPath[], binding: ExtCpBinding): Record<string, unknown>[] {
  const entries: Record<string, unknown>[] = [];
  for (const [index, address] of binding.fixedIps.entries()) {
    const fields = paths.filter((path) => path[1] === binding.cpdId && path[2] === 'fixed_ips' && path[3] === index).map((path) => path[4]);
    if (fields.length === 0) break;
    const entry: Record<string, unknown> = {};
    if (fields.includes('subnet')) entry['subnet'] = address.subnet ?? null;
    if (fields.includes('ip_address')) entry['ip_address'] = address.ipAddress ?? null;
    entries.push(entry);
  }
  return entries;
}

/** The `nfv` parameter with new VNFC counts per VDU, where the template reads them (Tacker v2 scale: `nfv.VDU.<vdu>.desired_capacity`). */
export function withDesiredCapacities(
  nfv: Record<string, unknown>,
  capacities: Readonly<Record<string, number>>,
  paths: Readonly<Record<string, NfvPath>> = {},
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const [vduId, capacity] of Object.entries(capacities))
    setAtPath(patch, paths[vduId] ?? ['VDU', vduId, 'desired_capacity'], capacity);
  return mergePatch(nfv, patch) as Record<string, unknown>;
}
