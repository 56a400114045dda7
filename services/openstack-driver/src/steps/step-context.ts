import { AppError, type NetworkResources, type StepAction, type StepResult } from '@vnfm/contracts';
import { flavourOf } from '@vnfm/lcm-domain';
import { externalCpIds, networkResourcesOf, type HeatStackDefinition, type HotTemplate, type ResourceTree } from '@vnfm/openstack-heat';
import type { VnfdFlavour } from '@vnfm/vnfd';
import type { PackageCatalogClient, StepContext as HostStepContext } from '@vnfm/step-host';
import type { GlanceClient } from '../openstack/glance.client';
import type { HeatStackRepository } from '../records/heat-stack.repository';
import type { StackOperations } from './stack-operations';

/** Everything one step works with; the VIM credentials are inside `stack` and `glance` (their session) and nowhere else. */
export interface StepContext extends Pick<HostStepContext, 'message' | 'signal' | 'openSecrets' | 'deadline'> {
  vimConnectionId: string;
  stack: StackOperations;
  glance: GlanceClient;
  packages: PackageCatalogClient;
  records: HeatStackRepository;
}

export type InfraAction = Exclude<StepAction, { action: 'hook' }>;

export type StepHandler<A extends InfraAction['action']> = (
  context: StepContext,
  action: Extract<InfraAction, { action: A }>,
) => Promise<StepResult>;

/** The instantiated instance's flavour, from its VNFD (its VDU ids tell which server is which VNFC). */
export async function instanceFlavour(context: StepContext): Promise<VnfdFlavour> {
  const { message } = context;
  if (message.flavourId === undefined)
    throw new AppError(
      'VNF_NOT_INSTANTIATED',
      409,
      'Conflict',
      `VNF instance ${message.vnfInstanceId} has no deployment flavour: it is not instantiated.`,
    );
  return flavourOf(await context.packages.vnfdModel(message.vnfdId), message.flavourId);
}

export const vduIdsOf = (flavour: VnfdFlavour) => flavour.vdus.map((vdu) => vdu.id);

/** The deployment's network after a step: what every step that changed the stack reports. */
export const networkOf = (context: StepContext, tree: ResourceTree, flavour: VnfdFlavour, template: HotTemplate): NetworkResources =>
  networkResourcesOf(tree, flavour, externalCpIds(template), context.vimConnectionId);

/**
 * Called before a definition is sent to Heat: a step that stops in between finds on resume what it may have sent.
 * The record keeps the request's secrets sealed as they came (see `forHeat`).
 */
export async function recordDefinition(context: StepContext, definition: HeatStackDefinition): Promise<void> {
  await context.records.define(context.message.vnfInstanceId, context.stack.stackName, definition);
}

/**
 * Stack parameters as Heat must get them: the sealed request secrets in them
 * opened, in memory, by this step. A parameter filled from the request sits
 * where it sat in `additionalParams` (`<name>` ↔ `/additionalParams/<name>`,
 * `nfv.…` ↔ `/additionalParams/nfv/…`), which is what its seal is bound to;
 * so a later step (a whole-VNF heal re-creating the stack from the record)
 * opens the instantiation's secrets again instead of sending a redacted value.
 */
export const forHeat = <P extends Record<string, unknown>>(context: StepContext, parameters: P): Promise<P> =>
  context.openSecrets(parameters);
