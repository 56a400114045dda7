import { isRecord } from '@vnfm/util';
import type { LoadedTemplate } from './vnfd-source';
import { asMap, asString, type YamlMap } from './yaml-values';

export type TypeKind = 'node_types' | 'policy_types' | 'artifact_types' | 'group_types' | 'interface_types';
const KINDS: TypeKind[] = ['node_types', 'policy_types', 'artifact_types', 'group_types', 'interface_types'];
const MAX_DEPTH = 64;

/**
 * The types defined by the templates reached from the entry definitions.
 * A package's own definition wins over a bundled one of the same name.
 */
export class TypeRegistry {
  private readonly types = new Map<TypeKind, Map<string, YamlMap>>(KINDS.map((kind) => [kind, new Map()]));

  constructor(templates: readonly LoadedTemplate[]) {
    const ordered = [...templates.filter((t) => !t.bundled), ...templates.filter((t) => t.bundled)];
    for (const template of ordered) {
      for (const kind of KINDS) {
        for (const [name, definition] of Object.entries(asMap(template.doc[kind]))) {
          const known = this.types.get(kind);
          if (known && !known.has(name) && isRecord(definition)) known.set(name, definition);
        }
      }
    }
  }

  /** Defined by an imported template, or a TOSCA/ETSI normative name (`tosca.*`) whose meaning is fixed by the specs. */
  isKnown(kind: TypeKind, name: string): boolean {
    return this.types.get(kind)?.has(name) === true || name.startsWith('tosca.');
  }

  /** `name` itself, then each `derived_from` ancestor. */
  lineage(kind: TypeKind, name: string): string[] {
    const chain = [name];
    let current = this.types.get(kind)?.get(name);
    while (current && chain.length < MAX_DEPTH) {
      const parent = asString(current.derived_from);
      if (!parent || chain.includes(parent)) break;
      chain.push(parent);
      current = this.types.get(kind)?.get(parent);
    }
    return chain;
  }

  derivesFrom(kind: TypeKind, name: string, base: string): boolean {
    return this.lineage(kind, name).includes(base);
  }

  definition(kind: TypeKind, name: string): YamlMap | undefined {
    return this.types.get(kind)?.get(name);
  }

  /** The nearest `default` of a property along the type's lineage. */
  propertyDefault(kind: TypeKind, name: string, property: string): unknown {
    for (const type of this.lineage(kind, name)) {
      const definition = asMap(asMap(this.definition(kind, type)?.properties)[property]);
      if ('default' in definition) return definition.default;
    }
    return undefined;
  }
}
