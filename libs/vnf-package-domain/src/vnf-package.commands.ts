import { type ProblemDetails } from '@vnfm/contracts';
import type { OnboardedContent } from './vnf-package.state';
import type { PackageOperationalState } from './vnf-pkg-info.types';

/** What can be asked of a VNF package; `at` is the time of the request (ISO-8601), ids are given by the caller. */
export type VnfPackageCommand = { vnfPkgId: string; at: string } & (
  | { type: 'CreateVnfPackage'; userDefinedData: Record<string, unknown>; tenant?: string }
  | { type: 'StartUploadFromUri'; addressInformation: string }
  | { type: 'AcceptPackageContent'; blobKey: string; size: number }
  | { type: 'CompleteOnboarding'; content: OnboardedContent }
  | { type: 'FailOnboarding'; problem: ProblemDetails }
  | { type: 'ModifyVnfPackage'; operationalState?: PackageOperationalState; userDefinedData?: Record<string, unknown> }
  | { type: 'MarkUsage'; vnfInstanceId: string; inUse: boolean }
  | { type: 'KeepExtractedArtifact'; artifactPath: string; blobKey: string; size: number }
  | { type: 'DeleteVnfPackage' }
);
