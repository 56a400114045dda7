import type { FlavorRecord } from '../compute/flavor-registry';
import { TemplateError } from '../hot/hot-types';
import type { ResourceRecord } from '../orchestration/stack-types';
import { newShortId, newUuid } from '../common/ids';
import { isRecord } from '../common/records';
import type { CloudState } from './cloud-state';
import { BaseProvider, physicalName, type ProvisionResult, type ProvisionTarget } from './resource-provider';

/** Nova's flavour fields as OS::Nova::Flavor takes them: `ram` (MiB, at least 1) and `vcpus` (at least 1) required, `disk` (GiB) default 0. */
function sizes(name: string, properties: Readonly<Record<string, unknown>>): Pick<FlavorRecord, 'ram' | 'vcpus' | 'disk'> {
  const whole = (key: string, min: number, fallback?: number): number => {
    const value = properties[key] ?? fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
      throw new TemplateError(`Property error: resources.${name}.properties.${key}: ${String(value)} is not an integer of at least ${min}`);
    return value;
  };
  return { ram: whole('ram', 1), vcpus: whole('vcpus', 1), disk: whole('disk', 0, 0) };
}

const extraSpecsOf = (value: unknown): Record<string, string> =>
  isRecord(value) ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, String(item)])) : {};

/**
 * OS::Nova::Flavor: a flavour in the simulator's Nova, named `<stack>-<resource>-<short id>`
 * unless the template names it; servers that name it (by id or name) run with it, and
 * `GET /compute/v2.1/flavors/{id}` shows it. Deleting the resource deletes the flavour.
 * An update changes the flavour in place (Heat would replace it).
 */
export class NovaFlavorProvider extends BaseProvider {
  constructor(private readonly cloud: CloudState) {
    super();
  }

  create({ stack, name, properties }: ProvisionTarget): ProvisionResult {
    const flavor: FlavorRecord = {
      id: typeof properties['flavorid'] === 'string' && properties['flavorid'] !== '' ? properties['flavorid'] : newUuid(),
      name:
        typeof properties['name'] === 'string' && properties['name'] !== '' ? properties['name'] : physicalName(stack, name, newShortId()),
      ...sizes(name, properties),
      isPublic: properties['is_public'] !== false,
      extraSpecs: extraSpecsOf(properties['extra_specs']),
    };
    this.cloud.flavors.add(flavor);
    return { physicalId: flavor.id };
  }

  update({ name, properties }: ProvisionTarget, record: ResourceRecord): void {
    const flavor = this.cloud.flavors.get(record.physicalId);
    if (flavor === undefined) return;
    Object.assign(flavor, sizes(name, properties), { extraSpecs: extraSpecsOf(properties['extra_specs']) });
  }

  delete(record: ResourceRecord): void {
    this.cloud.flavors.remove(record.physicalId);
  }

  attributes(record: ResourceRecord): Record<string, unknown> {
    const flavor = this.cloud.flavors.get(record.physicalId);
    if (flavor === undefined) return {};
    return {
      is_public: flavor.isPublic,
      extra_specs: flavor.extraSpecs,
      show: { id: flavor.id, name: flavor.name, ram: flavor.ram, vcpus: flavor.vcpus, disk: flavor.disk },
    };
  }
}
