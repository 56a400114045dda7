import { isRecord } from '@vnfm/util';
import type { ExtManagedLink } from './ext-virtual-links';
import { resourcesOf, type HotTemplate } from './hot-template';

/**
 * Tacker v2 `apply_ext_managed_vls`: a BaseHOT declares each internal VL as
 * an `OS::Neutron::Net` resource named like the VL; when the request
 * provides that VL as a VIM network, the net and its subnets go and every
 * `{get_resource: <vl>}` becomes the network id. Returns a new template.
 */
export function applyExtManagedLinks(template: HotTemplate, links: readonly ExtManagedLink[]): HotTemplate {
  let resources = resourcesOf(template);
  for (const link of links) {
    const reference = (value: unknown) =>
      isRecord(value) && Object.keys(value).length === 1 && value['get_resource'] === link.vnfVirtualLinkDescId;
    const replace = (value: unknown): unknown => {
      if (reference(value)) return link.network;
      if (Array.isArray(value)) return value.map(replace);
      return isRecord(value) ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replace(item)])) : value;
    };
    const dropped = (name: string, resource: unknown) =>
      name === link.vnfVirtualLinkDescId ||
      (isRecord(resource) &&
        resource['type'] === 'OS::Neutron::Subnet' &&
        isRecord(resource['properties']) &&
        reference(resource['properties']['network']));
    resources = Object.fromEntries(
      Object.entries(resources)
        .filter(([name, resource]) => !dropped(name, resource))
        .map(([name, resource]) => [name, replace(resource)]),
    );
  }
  return { ...template, resources };
}
