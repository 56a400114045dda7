import { resolveType } from '../hot/type-resolution';
import type { StackDefinition } from '../orchestration/stack-types';
import type { Clock } from '../common/clock';
import { AutoScalingGroupProvider } from './auto-scaling-group.provider';
import type { CloudState } from './cloud-state';
import { AUTO_SCALING_GROUP, RESOURCE_GROUP } from './nested-definitions';
import { FloatingIpProvider, NetProvider, PortProvider } from './neutron.providers';
import { NovaFlavorProvider } from './nova-flavor.provider';
import { NovaServerProvider } from './nova-server.provider';
import { PassiveProvider } from './passive.provider';
import { ResourceGroupProvider } from './resource-group.provider';
import type { NestedStacks, ResourceProvider } from './resource-provider';
import { TemplateResourceProvider } from './template-resource.provider';

/** Resource types that are only recorded: nothing in the simulator depends on them beyond their ids. */
const PASSIVE_TYPES = [
  'OS::Neutron::Subnet',
  'OS::Neutron::Router',
  'OS::Neutron::RouterInterface',
  'OS::Neutron::SecurityGroup',
  'OS::Nova::ServerGroup',
  'OS::Nova::KeyPair',
  'OS::Cinder::Volume',
  'OS::Cinder::VolumeType',
  'OS::Cinder::VolumeAttachment',
  'OS::Heat::ScalingPolicy',
  'OS::Heat::None',
];

/** Which provider implements a resource type in a given stack (see `resolveType`). */
export class ProviderRegistry {
  private readonly builtins: ReadonlyMap<string, ResourceProvider>;

  constructor(
    cloud: CloudState,
    private readonly nested: NestedStacks,
    clock: Clock,
  ) {
    const passive = new PassiveProvider();
    this.builtins = new Map<string, ResourceProvider>([
      ['OS::Nova::Server', new NovaServerProvider(cloud, clock)],
      ['OS::Nova::Flavor', new NovaFlavorProvider(cloud)],
      ['OS::Neutron::Net', new NetProvider(cloud)],
      ['OS::Neutron::Port', new PortProvider(cloud)],
      ['OS::Neutron::FloatingIP', new FloatingIpProvider(cloud)],
      [AUTO_SCALING_GROUP, new AutoScalingGroupProvider(nested)],
      [RESOURCE_GROUP, new ResourceGroupProvider(nested)],
      ...PASSIVE_TYPES.map((type): [string, ResourceProvider] => [type, passive]),
    ]);
  }

  /** Throws TemplateError for unknown types and template files missing from `files`. */
  resolve(type: string, definition: StackDefinition): ResourceProvider {
    const resolved = resolveType(type, definition, (candidate) => this.builtins.get(candidate));
    return resolved.kind === 'builtin' ? resolved.value : new TemplateResourceProvider(this.nested, resolved.file);
  }

  isBuiltin(type: string): boolean {
    return this.builtins.has(type);
  }
}
