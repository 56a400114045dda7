import { effectivePatch } from '@vnfm/util';
import type { VnfPackageCommand } from './vnf-package.commands';
import { invalidPackageRequest, packageConflict, packageNotFound } from './vnf-package.errors';
import type { VnfPackageEvent } from './vnf-package.events';
import type { VnfPackage, VnfPackageState } from './vnf-package.state';
import type { PackageOnboardingState } from './vnf-pkg-info.types';

type Command<T extends VnfPackageCommand['type']> = Extract<VnfPackageCommand, { type: T }>;

/**
 * Decides what a command does to a VNF package (ETSI GS NFV-SOL 005 v2.6.1
 * §9.4, as Tacker's /vnfpkgm/v1 behaves): the events to append, none when
 * there is nothing to do, or a refusal (AppError) that leaves it unchanged.
 */
export function decide(command: VnfPackageCommand, state: VnfPackageState): VnfPackageEvent[] {
  if (command.type === 'CreateVnfPackage') {
    if (state) throw packageConflict(`VNF package ${command.vnfPkgId} already exists`);
    const { vnfPkgId, userDefinedData, at, tenant } = command;
    return [{ type: 'VnfPackageCreated', data: { vnfPkgId, userDefinedData, createdAt: at, ...(tenant !== undefined && { tenant }) } }];
  }
  if (!state || state.deleted) throw packageNotFound(command.vnfPkgId);
  switch (command.type) {
    case 'StartUploadFromUri':
      requireOnboardingState(state, ['CREATED']);
      return [{ type: 'VnfPackageUploadFromUriStarted', data: { addressInformation: command.addressInformation, startedAt: command.at } }];
    case 'AcceptPackageContent':
      requireOnboardingState(state, ['CREATED', 'UPLOADING']);
      return [{ type: 'VnfPackageContentUploaded', data: { blobKey: command.blobKey, size: command.size, uploadedAt: command.at } }];
    case 'CompleteOnboarding':
      requireOnboardingState(state, ['PROCESSING']);
      return [{ type: 'VnfPackageOnboarded', data: { ...command.content, onboardedAt: command.at } }];
    case 'FailOnboarding':
      requireOnboardingState(state, ['UPLOADING', 'PROCESSING']);
      return [{ type: 'VnfPackageOnboardingFailed', data: { onboardingFailureDetails: command.problem, failedAt: command.at } }];
    case 'ModifyVnfPackage':
      return modify(command, state);
    case 'MarkUsage':
      return markUsage(command, state);
    case 'KeepExtractedArtifact':
      requireOnboardingState(state, ['ONBOARDED']);
      if (state.extractedArtifacts[command.artifactPath]?.key === command.blobKey) return [];
      return [
        {
          type: 'VnfPackageArtifactExtracted',
          data: { artifactPath: command.artifactPath, blobKey: command.blobKey, size: command.size, extractedAt: command.at },
        },
      ];
    case 'DeleteVnfPackage':
      return remove(state, command.at);
  }
}

function requireOnboardingState(pkg: VnfPackage, allowed: PackageOnboardingState[]): void {
  if (!allowed.includes(pkg.onboardingState)) {
    throw packageConflict(`VNF Package ${pkg.id} onboarding state is ${pkg.onboardingState}, not ${allowed.join(' or ')}`);
  }
}

/** SOL 005 §9.4.3.3.4 PATCH: operationalState of an onboarded package and/or a JSON Merge Patch of userDefinedData. */
function modify(command: Command<'ModifyVnfPackage'>, pkg: VnfPackage): VnfPackageEvent[] {
  if (command.operationalState === undefined && command.userDefinedData === undefined) {
    throw invalidPackageRequest('The request must modify operationalState, userDefinedData or both.');
  }
  const events: VnfPackageEvent[] = [];
  if (command.operationalState !== undefined) {
    requireOnboardingState(pkg, ['ONBOARDED']);
    if (command.operationalState === pkg.operationalState) {
      throw packageConflict(`VNF Package ${pkg.id} is already in ${pkg.operationalState} operational state`);
    }
    events.push(
      command.operationalState === 'ENABLED'
        ? { type: 'VnfPackageEnabled', data: { enabledAt: command.at } }
        : { type: 'VnfPackageDisabled', data: { disabledAt: command.at } },
    );
  }
  if (command.userDefinedData !== undefined) {
    const patch = effectivePatch(pkg.userDefinedData, command.userDefinedData);
    if (Object.keys(patch).length > 0) events.push({ type: 'VnfPackageUserDefinedDataModified', data: { patch, modifiedAt: command.at } });
    else if (events.length === 0) {
      throw packageConflict(
        `The userDefinedData provided in update request is as the existing userDefinedData of vnf package ${pkg.id}. Nothing to update.`,
      );
    }
  }
  return events;
}

function markUsage(command: Command<'MarkUsage'>, pkg: VnfPackage): VnfPackageEvent[] {
  requireOnboardingState(pkg, ['ONBOARDED']);
  const using = pkg.vnfInstanceIds.includes(command.vnfInstanceId);
  if (command.inUse === using) return [];
  return [
    command.inUse
      ? { type: 'VnfPackageUsedByVnfInstance', data: { vnfInstanceId: command.vnfInstanceId, at: command.at } }
      : { type: 'VnfPackageReleasedByVnfInstance', data: { vnfInstanceId: command.vnfInstanceId, at: command.at } },
  ];
}

/** SOL 005 §9.4.3.3.5 DELETE: only a DISABLED package that no VNF instance uses. */
function remove(pkg: VnfPackage, at: string): VnfPackageEvent[] {
  const usageState = pkg.vnfInstanceIds.length > 0 ? 'IN_USE' : 'NOT_IN_USE';
  if (pkg.operationalState === 'ENABLED' || usageState === 'IN_USE') {
    throw packageConflict(
      `VNF Package ${pkg.id} cannot be deleted as it's operational state is ${pkg.operationalState} and usage state is ${usageState}.`,
    );
  }
  return [{ type: 'VnfPackageDeleted', data: { deletedAt: at } }];
}
