import type { VnfdFlavour, VnfVirtualLink, Vdu } from '@vnfm/vnfd';
import { stringify } from 'yaml';
import { unusableBaseHot } from './heat.errors';
import type { HeatTemplateFiles } from './heat-files';
import type { HotTemplate } from './hot-template';
import { flavorResource, flavorResourceName, vduInputs, vduResources, type VduInputs } from './generated-vdu';

const HOT_VERSION = '2013-05-23';
const COMPUTE = 'tosca.nodes.nfv.Vdu.Compute';

/** The name of the AutoScalingGroup of a scaled VDU, and of its member template (as Tacker v2's BaseHOTs name them). */
const scaleGroupName = (vduId: string) => `${vduId}_scale_group`;
const memberTemplateName = (vduId: string) => `${vduId}.yaml`;

/** A VDU some scaling aspect scales, or one that may have more than one VNFC, runs in a scaling group; any other is one plain server. */
const isScaled = (flavour: VnfdFlavour, vdu: Vdu) =>
  vdu.maxInstances > 1 || flavour.scalingAspects.some((aspect) => Object.hasOwn(aspect.vduDeltas, vdu.id));

/**
 * The Heat template a flavour without a BaseHOT deploys, built from its VNFD
 * as Tacker v1 built one with heat-translator, but written in Tacker v2's
 * BaseHOT convention (a json parameter `nfv` the VNFM fills) so instantiate,
 * scale (`nfv.VDU.<vdu>.desired_capacity`), heal, change of package and the
 * network read-back treat it like a packaged BaseHOT:
 * - each internal VL: an OS::Neutron::Net named after it, and an
 *   OS::Neutron::Subnet per CIDR of its vl_profile l3 data;
 * - each VDU: an OS::Nova::Flavor `<vdu>_flavor` of its virtual_compute, as
 *   heat-translator makes it (flavorResource), and its server, ports and
 *   volumes (vduResources); a scaled VDU's resources are the member template
 *   of an OS::Heat::AutoScalingGroup (min/max from its vdu_profile), the
 *   flavour staying in the top template.
 * Throws a 422 for a flavour Heat cannot run (see unbuildable).
 */
export function generatedBaseHot(flavour: VnfdFlavour): HeatTemplateFiles {
  const why = unbuildable(flavour);
  if (why) throw unusableBaseHot(`Flavour ${flavour.flavourId} has no BaseHOT and none can be built from its VNFD: ${why}.`);
  const resources: Record<string, unknown> = {};
  for (const vl of flavour.vls) Object.assign(resources, vlResources(vl));
  const files: Record<string, string> = {};
  for (const vdu of flavour.vdus) {
    resources[flavorResourceName(vdu.id)] = flavorResource(vdu);
    const inputs = vduInputs(vdu, flavour.cps, flavour.storages);
    if (!isScaled(flavour, vdu)) {
      Object.assign(
        resources,
        vduResources(vdu, flavour.cps, flavour.storages, (name) => inputs[name]),
      );
      continue;
    }
    files[memberTemplateName(vdu.id)] = stringify(memberTemplate(vdu, flavour, inputs));
    resources[scaleGroupName(vdu.id)] = {
      type: 'OS::Heat::AutoScalingGroup',
      properties: {
        min_size: vdu.minInstances,
        max_size: vdu.maxInstances,
        desired_capacity: { get_param: ['nfv', 'VDU', vdu.id, 'desired_capacity'] },
        resource: { type: memberTemplateName(vdu.id), properties: inputs },
      },
    };
  }
  const template: HotTemplate = {
    heat_template_version: HOT_VERSION,
    description: `Built by the VNFM from the VNFD for flavour ${flavour.flavourId} (the package has no BaseHOT)`,
    parameters: { nfv: { type: 'json' } },
    resources,
  };
  return { template, files };
}

/** The member template of a scaled VDU's group: its resources, reading each input as a parameter of its own. */
function memberTemplate(vdu: Vdu, flavour: VnfdFlavour, inputs: VduInputs): HotTemplate {
  return {
    heat_template_version: HOT_VERSION,
    description: `${vdu.id}: one VNFC of the scaling group ${scaleGroupName(vdu.id)}`,
    parameters: Object.fromEntries(Object.keys(inputs).map((name) => [name, { type: 'string' }])),
    resources: vduResources(vdu, flavour.cps, flavour.storages, (name) => ({ get_param: name })),
  };
}

/** SOL 001 §6.2.37 VirtualLinkProtocolData l3_protocol_data → a net and one subnet per CIDR (IPv6 when the CIDR says so). */
function vlResources(vl: VnfVirtualLink): Record<string, unknown> {
  const subnets = vl.cidrs.map((cidr, index) => [
    index === 0 ? `${vl.id}_subnet` : `${vl.id}_subnet_${index}`,
    { type: 'OS::Neutron::Subnet', properties: { network: { get_resource: vl.id }, cidr, ip_version: cidr.includes(':') ? 6 : 4 } },
  ]);
  return { [vl.id]: { type: 'OS::Neutron::Net' }, ...Object.fromEntries(subnets) };
}

/** Why no template can be built: a CNF flavour (its VDUs are Kubernetes resources), no VDU, a VDU without compute sizes or with no image to boot. */
function unbuildable(flavour: VnfdFlavour): string | undefined {
  if (flavour.kubernetesManifests.length + flavour.helmCharts.length > 0) return 'it deploys Kubernetes resources (use a Kubernetes VIM)';
  const containers = flavour.vdus.filter((vdu) => vdu.type !== COMPUTE).map((vdu) => vdu.id);
  if (containers.length > 0) return `its VDUs ${containers.join(', ')} are containers`;
  if (flavour.vdus.length === 0) return 'it has no VDU';
  const flavourless = flavour.vdus.filter((vdu) => !flavorResource(vdu)).map((vdu) => vdu.id);
  if (flavourless.length > 0)
    return `VDUs ${flavourless.join(', ')} have no virtual_compute with virtual_memory and virtual_cpu to make their Nova flavour of`;
  const imageless = flavour.vdus
    .filter((vdu) => !vdu.swImage && !flavour.storages.some((storage) => vdu.storages.includes(storage.id) && storage.swImage))
    .map((vdu) => vdu.id);
  if (imageless.length > 0) return `VDUs ${imageless.join(', ')} have no sw_image_data, neither their own nor a storage's, to boot from`;
  return undefined;
}
