import type { ResourceRecord, StackRecord } from './stack-types';

/** All live stacks, top-level and nested, by id. */
export class StackStore {
  private readonly stacks = new Map<string, StackRecord>();

  add(stack: StackRecord): void {
    this.stacks.set(stack.id, stack);
  }

  get(id: string): StackRecord | undefined {
    return this.stacks.get(id);
  }

  remove(id: string): void {
    this.stacks.delete(id);
  }

  clear(): void {
    this.stacks.clear();
  }

  all(): StackRecord[] {
    return [...this.stacks.values()];
  }

  /** A project's stack by id or by name, the way Heat resolves a stack identity; nested stacks included. */
  find(projectId: string, nameOrId: string): StackRecord | undefined {
    const owned = this.all().filter((stack) => stack.projectId === projectId);
    return owned.find((stack) => stack.id === nameOrId) ?? owned.find((stack) => stack.name === nameOrId);
  }

  /** A project's stacks; nested ones only when asked (Heat's `show_nested`). */
  list(projectId: string, includeNested: boolean): StackRecord[] {
    return this.all().filter((stack) => stack.projectId === projectId && (includeNested || stack.parent === undefined));
  }

  root(stack: StackRecord): StackRecord {
    const parent = stack.parent === undefined ? undefined : this.stacks.get(stack.parent.stackId);
    return parent === undefined ? stack : this.root(parent);
  }

  /** `stack` and all stacks nested below it, parents before children. */
  tree(stack: StackRecord): StackRecord[] {
    const nested = [...stack.resources.values()].flatMap((record) => {
      const child = record.nestedStackId === undefined ? undefined : this.stacks.get(record.nestedStackId);
      return child === undefined ? [] : this.tree(child);
    });
    return [stack, ...nested];
  }

  /**
   * A resource of `stack` by name, or by physical id anywhere in its tree (Heat accepts
   * either for "Show resource data" and "Mark a resource as unhealthy").
   */
  findResource(stack: StackRecord, nameOrPhysicalId: string): { stack: StackRecord; record: ResourceRecord } | undefined {
    const byName = stack.resources.get(nameOrPhysicalId);
    if (byName !== undefined) return { stack, record: byName };
    for (const member of this.tree(stack)) {
      const record = [...member.resources.values()].find((candidate) => candidate.physicalId === nameOrPhysicalId);
      if (record !== undefined) return { stack: member, record };
    }
    return undefined;
  }
}
