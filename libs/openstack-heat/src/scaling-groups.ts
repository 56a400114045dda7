import { isRecord } from '@vnfm/util';
import { parseHotTemplate, resourcesOf, type HotTemplate } from './hot-template';

const SCALING_GROUP = 'OS::Heat::AutoScalingGroup';
const SERVER = 'OS::Nova::Server';

/** The one VDU a scaling group's members run: the group's own name, else the one server of its member template named after a VDU. */
function vduOfGroup(
  name: string,
  group: Record<string, unknown>,
  files: Readonly<Record<string, string>>,
  vduIds: readonly string[],
): string | undefined {
  if (vduIds.includes(name)) return name;
  const member =
    isRecord(group['properties']) && isRecord(group['properties']['resource']) ? group['properties']['resource']['type'] : undefined;
  const text = typeof member === 'string' ? files[member] : undefined;
  if (text === undefined) return undefined;
  const servers = Object.entries(resourcesOf(parseHotTemplate(text, member as string))).filter(
    ([server, resource]) => vduIds.includes(server) && isRecord(resource) && resource['type'] === SERVER,
  );
  return servers.length === 1 ? servers[0][0] : undefined;
}

/** The VDUs of a flavour, and how many VNFCs each of the scaled ones may have (SOL 001 vdu_profile max_number_of_instances). */
export interface ScaledVdus {
  vduIds: readonly string[];
  maxInstances: Readonly<Record<string, number>>;
}

const capacityOf = (vduId: string) => ({ get_param: ['nfv', 'VDU', vduId, 'desired_capacity'] });

/**
 * Where a BaseHOT keeps a VDU's VNFC count outside `nfv`, the count becomes
 * the VNFM's (from the instantiation level and each scale), as Tacker v2
 * DefaultUserData BaseHOTs write it, `nfv.VDU.<vdu>.desired_capacity`:
 * - Tacker v1 BaseHOTs (kubespray, kubeadm, practical) give an
 *   OS::Heat::AutoScalingGroup a fixed `desired_capacity` and scale it by
 *   signalling its ScalingPolicy; a group that runs one VDU reads it from nfv.
 * - StandardUserData BaseHOTs (userdata-standard, k8s-cluster-v2) declare a
 *   scaled VDU as one nested-template resource that Tacker's user-data script
 *   clones per VNFC; here that resource becomes the member of an
 *   AutoScalingGroup of the same name (min 0, max the VDU's maximum).
 * Returns a new template.
 */
export function withNfvCapacities(template: HotTemplate, files: Readonly<Record<string, string>>, vdus: ScaledVdus): HotTemplate {
  const resources = Object.fromEntries(
    Object.entries(resourcesOf(template)).map(([name, resource]) => {
      if (!isRecord(resource)) return [name, resource];
      const properties = isRecord(resource['properties']) ? resource['properties'] : {};
      if (resource['type'] === SCALING_GROUP && typeof properties['desired_capacity'] === 'number') {
        const vduId = vduOfGroup(name, resource, files, vdus.vduIds);
        return [name, vduId ? { ...resource, properties: { ...properties, desired_capacity: capacityOf(vduId) } } : resource];
      }
      const max = vdus.maxInstances[name];
      if (max !== undefined && typeof resource['type'] === 'string' && files[resource['type']] !== undefined) {
        const { type, properties: memberProperties, ...rest } = resource;
        return [
          name,
          {
            ...rest,
            type: SCALING_GROUP,
            properties: {
              min_size: 0,
              max_size: max,
              desired_capacity: capacityOf(name),
              resource: { type, properties: memberProperties ?? {} },
            },
          },
        ];
      }
      return [name, resource];
    }),
  );
  return { ...template, resources };
}
