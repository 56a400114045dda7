import { buildFlavourContext } from './flavour-context';
import { findFlavourTemplates, mapFlavour } from './flavour.mapper';
import { mapSoftwareImage } from './sw-image.mapper';
import { resolveImports } from './import-resolver';
import { TypeRegistry } from './type-registry';
import { mapVnfIdentity } from './vnf-identity.mapper';
import type { VnfdModel, VnfdSoftwareImage } from './vnfd.model';
import { invalidVnfd } from './vnfd.error';
import type { LoadedTemplate, VnfdSource } from './vnfd-source';

/**
 * Builds the VNFD model from the package's parsed templates, or throws a
 * `VnfdError` (INVALID_VNFD, UNKNOWN_IMPORT) naming the template at fault.
 */
export function buildVnfdModel(source: VnfdSource): VnfdModel {
  const templates = resolveImports(source);
  const registry = new TypeRegistry(templates);
  validateNodeTemplates(templates, registry, source.packageFiles);
  const identity = mapVnfIdentity(templates, registry);
  const flavourTemplates = findFlavourTemplates(templates, registry);
  if (flavourTemplates.length === 0)
    throw invalidVnfd(`${source.entryDefinitions}: no VNF deployment flavour (no template has substitution_mappings for a VNF node type)`);
  const softwareImages = new Map<string, VnfdSoftwareImage>();
  const flavours = flavourTemplates.map((template) => {
    const { flavour, softwareImages: images } = mapFlavour(template, registry, source.packageFiles);
    for (const image of images) if (!softwareImages.has(image.id)) softwareImages.set(image.id, image);
    return flavour;
  });
  const duplicate = flavours.find((flavour, index) => flavours.findIndex((other) => other.flavourId === flavour.flavourId) !== index);
  if (duplicate) throw invalidVnfd(`deployment flavour ${duplicate.flavourId} is declared by more than one template`);
  return { ...identity, entryDefinitions: source.entryDefinitions, softwareImages: [...softwareImages.values()], flavours };
}

/** Node types and software images are checked in every template of the package, flavour or not, before anything else. */
function validateNodeTemplates(templates: readonly LoadedTemplate[], registry: TypeRegistry, packageFiles: readonly string[]): void {
  const files = new Set(packageFiles);
  for (const template of templates.filter((candidate) => !candidate.bundled)) {
    const context = buildFlavourContext(template, registry, files);
    for (const node of context.nodes) mapSoftwareImage(node, context);
  }
}
