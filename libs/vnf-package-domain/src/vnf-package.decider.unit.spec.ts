import { AppError } from '@vnfm/contracts';
import { onboardedContent } from './testing';
import type { VnfPackageCommand } from './vnf-package.commands';
import { decide } from './vnf-package.decider';
import type { VnfPackageEvent } from './vnf-package.events';
import { replay } from './vnf-package.evolve';
import { blobKeysOf, type VnfPackage } from './vnf-package.state';

const id = '0b4c9f3e-5c1c-4a2e-9d55-3f0c6f1d2a10';
const at = '2025-01-02T03:04:05.000Z';
type CommandBody = VnfPackageCommand extends infer C ? (C extends VnfPackageCommand ? Omit<C, 'vnfPkgId' | 'at'> : never) : never;

const created: VnfPackageEvent = { type: 'VnfPackageCreated', data: { vnfPkgId: id, userDefinedData: { owner: 'ops' }, createdAt: at } };
const uploaded: VnfPackageEvent = { type: 'VnfPackageContentUploaded', data: { blobKey: 'b'.repeat(64), size: 1234, uploadedAt: at } };
const onboarded: VnfPackageEvent = { type: 'VnfPackageOnboarded', data: { ...onboardedContent(), onboardedAt: at } };
const disabled: VnfPackageEvent = { type: 'VnfPackageDisabled', data: { disabledAt: at } };

/** given(events).when(command) → the events decided, or the refusal. */
function given(...history: VnfPackageEvent[]) {
  return {
    when(command: CommandBody) {
      const run = () => decide({ ...command, vnfPkgId: id, at } as VnfPackageCommand, replay(history));
      return {
        then: (expected: VnfPackageEvent[]) => expect(run()).toEqual(expected),
        thenRefuses(status: number, detail: string | RegExp) {
          expect(run).toThrow(AppError);
          try {
            run();
          } catch (error) {
            expect(error).toMatchObject({ status });
            expect((error as AppError).detail).toMatch(detail);
          }
        },
      };
    },
  };
}

describe('VNF package decider', () => {
  it('creates a package with its user defined data', () => {
    given()
      .when({ type: 'CreateVnfPackage', userDefinedData: { owner: 'ops' } })
      .then([created]);
    given(created).when({ type: 'CreateVnfPackage', userDefinedData: {} }).thenRefuses(409, 'already exists');
  });

  it('records the tenant that creates a package as its owner; a package created before tenancy has none', () => {
    const ofTenant: VnfPackageEvent = {
      type: 'VnfPackageCreated',
      data: { vnfPkgId: id, userDefinedData: {}, createdAt: at, tenant: 'tenant-a' },
    };
    given().when({ type: 'CreateVnfPackage', userDefinedData: {}, tenant: 'tenant-a' }).then([ofTenant]);
    expect(replay([ofTenant, uploaded, onboarded, disabled])).toMatchObject({ tenant: 'tenant-a', operationalState: 'DISABLED' });
    expect(replay([created])).not.toHaveProperty('tenant');
  });

  it('refuses any other command on a package that does not exist or was deleted', () => {
    given().when({ type: 'DeleteVnfPackage' }).thenRefuses(404, `Can not find requested vnf package: ${id}`);
    given(created, { type: 'VnfPackageDeleted', data: { deletedAt: at } })
      .when({ type: 'AcceptPackageContent', blobKey: 'k', size: 1 })
      .thenRefuses(404, id);
  });

  it('accepts package content once, in CREATED or while uploading from a URI', () => {
    given(created)
      .when({ type: 'AcceptPackageContent', blobKey: 'b'.repeat(64), size: 1234 })
      .then([uploaded]);
    const fromUri: VnfPackageEvent = {
      type: 'VnfPackageUploadFromUriStarted',
      data: { addressInformation: 'http://repo/pkg.zip', startedAt: at },
    };
    given(created).when({ type: 'StartUploadFromUri', addressInformation: 'http://repo/pkg.zip' }).then([fromUri]);
    given(created, fromUri)
      .when({ type: 'AcceptPackageContent', blobKey: 'b'.repeat(64), size: 1234 })
      .then([uploaded]);
    given(created, uploaded)
      .when({ type: 'AcceptPackageContent', blobKey: 'c'.repeat(64), size: 1 })
      .thenRefuses(409, 'onboarding state is PROCESSING, not CREATED or UPLOADING');
    given(created, uploaded).when({ type: 'StartUploadFromUri', addressInformation: 'http://x' }).thenRefuses(409, 'not CREATED');
  });

  it('records the outcome of processing: onboarded, or failed with the reason', () => {
    given(created, uploaded).when({ type: 'CompleteOnboarding', content: onboardedContent() }).then([onboarded]);
    const problem = { title: 'HASH_MISMATCH', status: 422, detail: 'Definitions/a.yaml: SHA-256 does not match the manifest' };
    given(created, uploaded)
      .when({ type: 'FailOnboarding', problem })
      .then([{ type: 'VnfPackageOnboardingFailed', data: { onboardingFailureDetails: problem, failedAt: at } }]);
    given(created).when({ type: 'CompleteOnboarding', content: onboardedContent() }).thenRefuses(409, 'not PROCESSING');
    given(created, uploaded, onboarded).when({ type: 'FailOnboarding', problem }).thenRefuses(409, 'not UPLOADING or PROCESSING');
  });

  it('changes the operational state of an onboarded package only, and only to another state', () => {
    given(created, uploaded, onboarded).when({ type: 'ModifyVnfPackage', operationalState: 'DISABLED' }).then([disabled]);
    given(created, uploaded, onboarded, disabled)
      .when({ type: 'ModifyVnfPackage', operationalState: 'ENABLED' })
      .then([{ type: 'VnfPackageEnabled', data: { enabledAt: at } }]);
    given(created, uploaded, onboarded)
      .when({ type: 'ModifyVnfPackage', operationalState: 'ENABLED' })
      .thenRefuses(409, 'already in ENABLED operational state');
    given(created)
      .when({ type: 'ModifyVnfPackage', operationalState: 'ENABLED' })
      .thenRefuses(409, 'onboarding state is CREATED, not ONBOARDED');
  });

  it('merge-patches user defined data, recording only what changes', () => {
    given(created)
      .when({ type: 'ModifyVnfPackage', userDefinedData: { owner: 'ops', site: 'east', gone: null } })
      .then([{ type: 'VnfPackageUserDefinedDataModified', data: { patch: { site: 'east' }, modifiedAt: at } }]);
    given(created)
      .when({ type: 'ModifyVnfPackage', userDefinedData: { owner: 'ops' } })
      .thenRefuses(409, 'Nothing to update');
    given(created).when({ type: 'ModifyVnfPackage' }).thenRefuses(400, 'operationalState, userDefinedData or both');
  });

  it('tracks the VNF instances using a package, each once', () => {
    const used: VnfPackageEvent = { type: 'VnfPackageUsedByVnfInstance', data: { vnfInstanceId: 'vnf-1', at } };
    given(created, uploaded, onboarded).when({ type: 'MarkUsage', vnfInstanceId: 'vnf-1', inUse: true }).then([used]);
    given(created, uploaded, onboarded, used).when({ type: 'MarkUsage', vnfInstanceId: 'vnf-1', inUse: true }).then([]);
    given(created, uploaded, onboarded, used)
      .when({ type: 'MarkUsage', vnfInstanceId: 'vnf-1', inUse: false })
      .then([{ type: 'VnfPackageReleasedByVnfInstance', data: { vnfInstanceId: 'vnf-1', at } }]);
    given(created, uploaded, onboarded).when({ type: 'MarkUsage', vnfInstanceId: 'vnf-2', inUse: false }).then([]);
    given(created).when({ type: 'MarkUsage', vnfInstanceId: 'vnf-1', inUse: true }).thenRefuses(409, 'not ONBOARDED');
  });

  it('deletes only a DISABLED package that no VNF instance uses', () => {
    const deleted: VnfPackageEvent = { type: 'VnfPackageDeleted', data: { deletedAt: at } };
    given(created).when({ type: 'DeleteVnfPackage' }).then([deleted]);
    given(created, uploaded, onboarded, disabled).when({ type: 'DeleteVnfPackage' }).then([deleted]);
    given(created, uploaded, onboarded)
      .when({ type: 'DeleteVnfPackage' })
      .thenRefuses(409, 'operational state is ENABLED and usage state is NOT_IN_USE');
    const used: VnfPackageEvent = { type: 'VnfPackageUsedByVnfInstance', data: { vnfInstanceId: 'vnf-1', at } };
    given(created, uploaded, onboarded, used, disabled).when({ type: 'DeleteVnfPackage' }).thenRefuses(409, 'usage state is IN_USE');
  });
});

describe('VNF package artifacts and blobs', () => {
  it('remembers a large artifact extracted into the blob store once', () => {
    const extracted: VnfPackageEvent = {
      type: 'VnfPackageArtifactExtracted',
      data: { artifactPath: 'Files/images/a.img', blobKey: 'e'.repeat(64), size: 9, extractedAt: at },
    };
    given(created, uploaded, onboarded)
      .when({ type: 'KeepExtractedArtifact', artifactPath: 'Files/images/a.img', blobKey: 'e'.repeat(64), size: 9 })
      .then([extracted]);
    given(created, uploaded, onboarded, extracted)
      .when({ type: 'KeepExtractedArtifact', artifactPath: 'Files/images/a.img', blobKey: 'e'.repeat(64), size: 9 })
      .then([]);
    given(created)
      .when({ type: 'KeepExtractedArtifact', artifactPath: 'a', blobKey: 'e'.repeat(64), size: 9 })
      .thenRefuses(409, 'not ONBOARDED');
  });

  it('lists the blobs a package holds, and none once deleted', () => {
    const extracted: VnfPackageEvent = {
      type: 'VnfPackageArtifactExtracted',
      data: { artifactPath: 'Files/a.img', blobKey: 'e'.repeat(64), size: 9, extractedAt: at },
    };
    const pkg = replay([created, uploaded, onboarded, extracted]) as VnfPackage;
    expect(blobKeysOf(pkg).sort()).toEqual(['b'.repeat(64), 'd'.repeat(64), 'e'.repeat(64)]);
    expect(
      blobKeysOf(replay([created, uploaded, onboarded, disabled, { type: 'VnfPackageDeleted', data: { deletedAt: at } }]) as VnfPackage),
    ).toEqual([]);
  });
});
