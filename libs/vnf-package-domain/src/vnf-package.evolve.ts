import { mergePatch } from '@vnfm/util';
import type { VnfPackageEvent } from './vnf-package.events';
import type { VnfPackageState } from './vnf-package.state';

/** Applies one event; events arrive in stream order, the first one being VnfPackageCreated. */
export function evolve(state: VnfPackageState, event: VnfPackageEvent): VnfPackageState {
  if (event.type === 'VnfPackageCreated') {
    return {
      id: event.data.vnfPkgId,
      createdAt: event.data.createdAt,
      ...(event.data.tenant !== undefined && { tenant: event.data.tenant }),
      onboardingState: 'CREATED',
      operationalState: 'DISABLED',
      userDefinedData: event.data.userDefinedData,
      extractedArtifacts: {},
      vnfInstanceIds: [],
      deleted: false,
    };
  }
  if (!state) return state;
  switch (event.type) {
    case 'VnfPackageUploadFromUriStarted':
      return { ...state, onboardingState: 'UPLOADING', uploadSource: event.data.addressInformation };
    case 'VnfPackageContentUploaded':
      return { ...state, onboardingState: 'PROCESSING', content: { key: event.data.blobKey, size: event.data.size } };
    case 'VnfPackageOnboarded':
      // Tacker enables a package as soon as it is onboarded.
      return { ...state, onboardingState: 'ONBOARDED', operationalState: 'ENABLED', onboarded: event.data };
    case 'VnfPackageOnboardingFailed':
      return { ...state, onboardingState: 'ERROR', onboardingFailure: event.data.onboardingFailureDetails };
    case 'VnfPackageEnabled':
      return { ...state, operationalState: 'ENABLED' };
    case 'VnfPackageDisabled':
      return { ...state, operationalState: 'DISABLED' };
    case 'VnfPackageUserDefinedDataModified':
      return { ...state, userDefinedData: mergePatch(state.userDefinedData, event.data.patch) };
    case 'VnfPackageUsedByVnfInstance':
      return { ...state, vnfInstanceIds: [...state.vnfInstanceIds, event.data.vnfInstanceId] };
    case 'VnfPackageReleasedByVnfInstance':
      return { ...state, vnfInstanceIds: state.vnfInstanceIds.filter((id) => id !== event.data.vnfInstanceId) };
    case 'VnfPackageArtifactExtracted':
      return {
        ...state,
        extractedArtifacts: { ...state.extractedArtifacts, [event.data.artifactPath]: { key: event.data.blobKey, size: event.data.size } },
      };
    case 'VnfPackageDeleted':
      return { ...state, deleted: true };
  }
}

export const replay = (events: readonly VnfPackageEvent[]): VnfPackageState => events.reduce<VnfPackageState>(evolve, undefined);
