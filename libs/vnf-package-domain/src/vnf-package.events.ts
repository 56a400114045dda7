import { type ProblemDetails } from '@vnfm/contracts';
import type { OnboardedContent } from './vnf-package.state';

/** The events of a VNF package stream; each carries the time it happened (passed in, never read from a clock). */
export type VnfPackageEvent =
  | {
      type: 'VnfPackageCreated';
      /** `tenant`: who owns the package (docs/auth.md, "Tenants"); absent in events written before tenancy: no tenant. */
      data: { vnfPkgId: string; userDefinedData: Record<string, unknown>; createdAt: string; tenant?: string };
    }
  | { type: 'VnfPackageUploadFromUriStarted'; data: { addressInformation: string; startedAt: string } }
  | { type: 'VnfPackageContentUploaded'; data: { blobKey: string; size: number; uploadedAt: string } }
  | { type: 'VnfPackageOnboarded'; data: OnboardedContent & { onboardedAt: string } }
  | { type: 'VnfPackageOnboardingFailed'; data: { onboardingFailureDetails: ProblemDetails; failedAt: string } }
  | { type: 'VnfPackageEnabled'; data: { enabledAt: string } }
  | { type: 'VnfPackageDisabled'; data: { disabledAt: string } }
  | { type: 'VnfPackageUserDefinedDataModified'; data: { patch: Record<string, unknown>; modifiedAt: string } }
  | { type: 'VnfPackageUsedByVnfInstance'; data: { vnfInstanceId: string; at: string } }
  | { type: 'VnfPackageReleasedByVnfInstance'; data: { vnfInstanceId: string; at: string } }
  | { type: 'VnfPackageArtifactExtracted'; data: { artifactPath: string; blobKey: string; size: number; extractedAt: string } }
  | { type: 'VnfPackageDeleted'; data: { deletedAt: string } };

type VnfPackageEventType = VnfPackageEvent['type'];

const VNF_PACKAGE_EVENT_TYPES: readonly VnfPackageEventType[] = [
  'VnfPackageCreated',
  'VnfPackageUploadFromUriStarted',
  'VnfPackageContentUploaded',
  'VnfPackageOnboarded',
  'VnfPackageOnboardingFailed',
  'VnfPackageEnabled',
  'VnfPackageDisabled',
  'VnfPackageUserDefinedDataModified',
  'VnfPackageUsedByVnfInstance',
  'VnfPackageReleasedByVnfInstance',
  'VnfPackageArtifactExtracted',
  'VnfPackageDeleted',
];

export function isVnfPackageEvent(event: { type: string; data: unknown }): event is VnfPackageEvent {
  return (VNF_PACKAGE_EVENT_TYPES as readonly string[]).includes(event.type);
}
