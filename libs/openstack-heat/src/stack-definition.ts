import { flavourOf } from '@vnfm/lcm-domain';
import { isRecord, REDACTED } from '@vnfm/util';
import type { VnfdFlavour, VnfdModel } from '@vnfm/vnfd';
import { applyExtManagedLinks } from './ext-managed-links';
import { extCpBindings, extManagedLinks } from './ext-virtual-links';
import { unfilledStackParameters } from './heat.errors';
import { generatedBaseHot } from './generated-hot';
import { heatTemplateFiles, type HeatTemplateFiles } from './heat-files';
import { capacityPaths, nfvParamPaths, requestStackParameters, type HotTemplate } from './hot-template';
import { instantiateNfv } from './nfv-parameters';
import { withNfvCapacities, type ScaledVdus } from './scaling-groups';
import { requestedUserData } from './user-data';
import { userDataUtilNfv } from './user-data-util';

/** What a stack is created (or re-created) from: Heat's `template`, `files` and `parameters`. */
export interface HeatStackDefinition {
  template: HotTemplate;
  files: Record<string, string>;
  parameters: Record<string, unknown>;
}

/** One Heat stack per VNF instance, named as Tacker v2 names it, so a repeated create finds the stack it made. */
export const stackNameOf = (vnfInstanceId: string) => `vnf-${vnfInstanceId}`;

/** The package files of the flavour's BaseHOT (top template first); none when the template is built from the VNFD (generatedBaseHot). */
export const baseHotFilePaths = (flavour: VnfdFlavour): string[] =>
  flavour.baseHot ? [flavour.baseHot.path, ...flavour.baseHot.nestedPaths] : [];

/** The flavour's templates: its BaseHOT when the package has one, else the one built from its VNFD. */
function templatesOf(flavour: VnfdFlavour, texts: Readonly<Record<string, string>>): HeatTemplateFiles {
  return flavour.baseHot ? heatTemplateFiles(flavour.baseHot, texts) : generatedBaseHot(flavour);
}

export interface InstantiateInput {
  vnfd: VnfdModel;
  flavourId: string;
  /** Texts of the BaseHOT files by package path (see baseHotFilePaths). */
  texts: Readonly<Record<string, string>>;
  vduCounts: Readonly<Record<string, number>>;
  extVirtualLinks?: readonly unknown[];
  extManagedVirtualLinks?: readonly unknown[];
  additionalParams?: Record<string, unknown>;
  /** Glance image ids by VDU or storage id, for images the VNFM uploaded from the package (see imagesToUpload). */
  images?: Readonly<Record<string, string>>;
}

/**
 * The stack an instantiation creates (Tacker v2 DefaultUserData): the BaseHOT
 * (or the template built from the VNFD)
 * with the externally managed VLs put in, fixed scaling-group capacities read
 * from `nfv` (see withNfvCapacities), its `nfv` parameter filled, and
 * its other top-level parameters from `additionalParams` of the same name.
 * A request naming one of Tacker v1's published user-data classes
 * (`lcm-operation-user-data`, see requestedUserData) gets a BaseHOT's `nfv`
 * filled as that class fills it (userDataUtilNfv) instead.
 * Throws a 422 AppError naming every parameter nothing fills.
 */
export function instantiateDefinition(input: InstantiateInput): HeatStackDefinition {
  const flavour = flavourOf(input.vnfd, input.flavourId);
  const userData = requestedUserData(input.additionalParams);
  const sources = templatesOf(flavour, input.texts);
  const template = withNfvCapacities(
    applyExtManagedLinks(sources.template, extManagedLinks(input.extManagedVirtualLinks)),
    sources.files,
    scaledVdus(flavour),
  );
  const paths = nfvParamPaths(template);
  const capacities = capacityPaths(template);
  const { nfv, problems } =
    userData?.kind === 'user-data-util' && flavour.baseHot
      ? userDataUtilNfv(paths, {
          baseHot: sources,
          vnfd: input.vnfd,
          flavour,
          extVirtualLinks: input.extVirtualLinks,
          additionalParams: input.additionalParams,
          className: userData.className,
          capacities,
          vduCounts: input.vduCounts,
        })
      : instantiateNfv(paths, {
          vnfd: input.vnfd,
          flavour,
          vduCounts: input.vduCounts,
          extCps: extCpBindings(input.extVirtualLinks),
          patch: input.additionalParams?.['nfv'],
          capacities,
          images: input.images,
        });
  const stackParameters = requestStackParameters(template, input.additionalParams);
  const unset = stackParameters.missing.map((name) => `parameter ${name}: it has no default; give it as additionalParams.${name}`);
  if (problems.length + unset.length > 0) throw unfilledStackParameters(input.flavourId, [...problems, ...unset]);
  return { template, files: sources.files, parameters: { ...stackParameters.values, nfv } };
}

/** The flavour's VDUs, and the maximum VNFC count of each one a scaling aspect scales. */
function scaledVdus(flavour: VnfdFlavour): ScaledVdus {
  const scaled = new Set(flavour.scalingAspects.flatMap((aspect) => Object.keys(aspect.vduDeltas)));
  return {
    vduIds: flavour.vdus.map((vdu) => vdu.id),
    maxInstances: Object.fromEntries(flavour.vdus.filter((vdu) => scaled.has(vdu.id)).map((vdu) => [vdu.id, vdu.maxInstances])),
  };
}

/** The `nfv` parameter of a definition (an object; a stack without one has nothing the VNFM fills). */
const nfvOf = (definition: HeatStackDefinition): Record<string, unknown> =>
  isRecord(definition.parameters['nfv']) ? definition.parameters['nfv'] : {};

/** CPs whose VIM network comes from the request: the external CPs of the deployment (`nfv.CP.<cp>.network`). */
export function externalCpIds(template: HotTemplate): Set<string> {
  return new Set(
    nfvParamPaths(template).flatMap((path) => (path[0] === 'CP' && path[2] === 'network' && typeof path[1] === 'string' ? [path[1]] : [])),
  );
}

/**
 * The `nfv` an update starts from: the recorded one, whose request secrets
 * are sealed as the request gave them (the step opens them for Heat), unless
 * the record lost a value to redaction (a record written before request
 * secrets were sealed); then the live stack's, which Heat holds in full.
 * Reading the live one otherwise would write opened secrets into the record.
 */
export function nfvToUpdate(
  recorded: HeatStackDefinition,
  liveParameters: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  const nfv = nfvOf(recorded);
  const live = liveParameters && liveNfv(liveParameters);
  return live && JSON.stringify(nfv).includes(REDACTED) ? live : nfv;
}

/** The `nfv` parameter of a live stack: Heat shows json parameters as JSON text ("Show stack details"). */
function liveNfv(parameters: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
  const value = parameters['nfv'];
  if (isRecord(value)) return value;
  if (typeof value !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
