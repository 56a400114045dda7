import { selectPath } from '../hot/path-select';
import { parseTemplate } from '../hot/template-parser';
import type { ResourceRecord, StackDefinition, StackRecord } from '../orchestration/stack-types';
import { nestedDefinition } from './nested-definitions';
import type { NestedStacks, ProvisionResult, ProvisionTarget, ResourceProvider } from './resource-provider';

/**
 * A template resource (type = a file from `files`, directly or through `resource_registry`):
 * a nested stack whose parameters are the resource's properties and whose outputs are the
 * resource's attributes (Heat template guide, "Template composition").
 */
export class TemplateResourceProvider implements ResourceProvider {
  constructor(
    private readonly nested: NestedStacks,
    private readonly file: string,
  ) {}

  create({ stack, name, properties }: ProvisionTarget): ProvisionResult {
    const child = this.nested.create(stack, name, this.definitionFor(stack, properties));
    return { physicalId: child.id, nestedStackId: child.id };
  }

  update({ stack, properties }: ProvisionTarget, record: ResourceRecord): void {
    if (record.nestedStackId !== undefined) this.nested.update(record.nestedStackId, this.definitionFor(stack, properties));
  }

  delete(record: ResourceRecord): void {
    if (record.nestedStackId !== undefined) this.nested.delete(record.nestedStackId);
  }

  attributes(record: ResourceRecord): Record<string, unknown> {
    const child = this.child(record);
    if (child === undefined) return {};
    const outputs = Object.keys(child.definition.template.outputs).map((key) => [key, this.nested.output(child, key)]);
    return { ...Object.fromEntries(outputs), 'OS::stack_id': child.id };
  }

  attribute(record: ResourceRecord, name: string, path: readonly unknown[]): unknown {
    const child = this.child(record);
    if (child === undefined) return null;
    const value = name === 'OS::stack_id' ? child.id : this.nested.output(child, name);
    return selectPath(value, path) ?? null;
  }

  private child(record: ResourceRecord): StackRecord | undefined {
    return record.nestedStackId === undefined ? undefined : this.nested.get(record.nestedStackId);
  }

  private definitionFor(stack: StackRecord, properties: Readonly<Record<string, unknown>>): StackDefinition {
    const template = parseTemplate(stack.definition.files[this.file], this.file);
    return nestedDefinition(stack.definition, template, properties);
  }
}
