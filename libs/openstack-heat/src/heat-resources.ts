/** A resource as Heat's "List resources" with `nested_depth` shows it (Orchestration API v1). */
export interface HeatResource {
  resource_name: string;
  physical_resource_id: string;
  resource_type: string;
  resource_status: string;
  creation_time?: string;
  required_by?: string[];
  parent_resource?: string;
  links: { href: string; rel: string }[];
  /** Listed `with_detail`: what Heat resolves of the resource (an OS::Neutron::Port: its MAC and fixed IPs). */
  attributes?: Record<string, unknown>;
}

/** A stack by its canonical identity (`/stacks/{stack_name}/{stack_id}`). */
export interface StackRef {
  name: string;
  id: string;
}

const STACK_IN_HREF = /\/stacks\/([^/?#]+)\/([^/?#]+)/;

/** The stack of a Heat link (`self`, `stack` or `nested`), read from its path. */
export function stackRefOf(href: string): StackRef | undefined {
  const match = STACK_IN_HREF.exec(href);
  return match ? { name: decodeURIComponent(match[1]), id: decodeURIComponent(match[2]) } : undefined;
}

const linked = (resource: HeatResource, rel: string) => {
  const link = resource.links.find((candidate) => candidate.rel === rel);
  return link ? stackRefOf(link.href) : undefined;
};

/**
 * A stack's resources with their nesting: each resource knows the stack it
 * lives in (its `stack` link) and a stack-backed resource the stack it owns
 * (its `nested` link), so any resource's ancestors can be walked up.
 */
export class ResourceTree {
  private readonly owners = new Map<string, HeatResource>();

  constructor(readonly resources: readonly HeatResource[]) {
    for (const resource of resources) {
      const nested = linked(resource, 'nested');
      if (nested) this.owners.set(nested.id, resource);
    }
  }

  stackOf(resource: HeatResource): StackRef {
    const stack = linked(resource, 'stack');
    if (!stack) throw new TypeError(`Heat listed resource ${resource.resource_name} without a stack link.`);
    return stack;
  }

  /** The resource whose nested stack holds this one; undefined at the top. */
  parentOf(resource: HeatResource): HeatResource | undefined {
    return this.owners.get(this.stackOf(resource).id);
  }

  /** The resource itself, then its parent, up to the top-level resource. */
  lineage(resource: HeatResource): HeatResource[] {
    const chain = [resource];
    for (let parent = this.parentOf(resource); parent; parent = this.parentOf(parent)) chain.push(parent);
    return chain;
  }

  ofType(type: string): HeatResource[] {
    return this.resources.filter((resource) => resource.resource_type === type);
  }

  byPhysicalId(id: string): HeatResource | undefined {
    return this.resources.find((resource) => resource.physical_resource_id === id);
  }

  /** Resources of the same stack that depend on `resource` and have the given type (a port's server, a server's ...). */
  dependents(resource: HeatResource, type: string): HeatResource[] {
    const stackId = this.stackOf(resource).id;
    return this.resources.filter(
      (other) =>
        other.resource_type === type && this.stackOf(other).id === stackId && (resource.required_by ?? []).includes(other.resource_name),
    );
  }

  /** Resources of the same stack of the given type that `resource` depends on (a server's volumes). */
  dependencies(resource: HeatResource, type: string): HeatResource[] {
    const stackId = this.stackOf(resource).id;
    return this.resources.filter(
      (other) =>
        other.resource_type === type && this.stackOf(other).id === stackId && (other.required_by ?? []).includes(resource.resource_name),
    );
  }
}
