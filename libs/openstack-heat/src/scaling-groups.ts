import { isRecord, parseHotTemplate, resourcesOf, type HotTemplate } from './hot-template';

const SCALING_GROUP = 'OS::Heat::AutoScalingGroup';
const SERVER = 'OS::Nova::Server';

/** The one VDU a scaling group's members run: the group's own name, else the one server of its member template named after a VDU. */
function vduOfGroup(name: string, group: Record<string, unknown>, files: Readonly<Record<string, string>>, vduIds: readonly string[]): string | undefined {
  if (vduIds.includes(name)) return name;
  const member = isRecord(group['properties']) && isRecord(group['properties']['resource']) ? group['properties']['resource']['type'] : undefined;
  const text = typeof member === 'string' ? files[member] : undefined;
  if (text === undefined) return undefined;
  const servers = Object.entries(resourcesOf(parseHotTemplate(text, member as string))).filter(([server, resource]) => vduIds.includes(server) && isRecord(resource) && resource['type'] === SERVER);
  return servers.length === 1 ? servers[0][0] : undefined;
}

/**
 * Tacker v1 BaseHOTs (kubespray, kubeadm, practical) give an
 * OS::Heat::AutoScalingGroup a fixed `desired_capacity` and scale it by
 * signalling its ScalingPolicy, which keeps the count outside the template.
 * Here the count is the VNFM's, from the instantiation level and each scale:
 * a fixed `desired_capacity` of a group that runs exactly one VDU becomes
 * `get_param: [nfv, VDU, <vdu>, desired_capacity]`, as Tacker v2 BaseHOTs
 * write it. Returns a new template.
 */
export function withNfvCapacities(template: HotTemplate, files: Readonly<Record<string, string>>, vduIds: readonly string[]): HotTemplate {
  const resources = Object.fromEntries(
    Object.entries(resourcesOf(template)).map(([name, resource]) => {
      if (!isRecord(resource) || resource['type'] !== SCALING_GROUP || !isRecord(resource['properties']) || typeof resource['properties']['desired_capacity'] !== 'number') return [name, resource];
      const vduId = vduOfGroup(name, resource, files, vduIds);
      if (!vduId) return [name, resource];
      return [name, { ...resource, properties: { ...resource['properties'], desired_capacity: { get_param: ['nfv', 'VDU', vduId, 'desired_capacity'] } } }];
    }),
  );
  return { ...template, resources };
}
