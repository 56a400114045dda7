import { onboardedContent } from './testing';
import type { VnfPackageEvent } from './vnf-package.events';
import { replay } from './vnf-package.evolve';
import type { PackageSignatureFacts, VnfPackage } from './vnf-package.state';
import { modificationsOf, toVnfPkgInfo } from './vnf-pkg-info.view';

const id = 'e712a702-741f-4093-a971-b3ad69411ac1';
const at = '2025-01-02T03:04:05.000Z';
const created: VnfPackageEvent = { type: 'VnfPackageCreated', data: { vnfPkgId: id, userDefinedData: {}, createdAt: at } };
const uploaded: VnfPackageEvent = { type: 'VnfPackageContentUploaded', data: { blobKey: 'b'.repeat(64), size: 10, uploadedAt: at } };
const view = (...events: VnfPackageEvent[]) => toVnfPkgInfo(replay(events) as VnfPackage);

describe('VnfPkgInfo view', () => {
  it('shows a new package as CREATED, DISABLED, NOT_IN_USE with its self and packageContent links', () => {
    expect(view(created)).toEqual({
      id,
      onboardingState: 'CREATED',
      operationalState: 'DISABLED',
      usageState: 'NOT_IN_USE',
      userDefinedData: {},
      _links: {
        self: { href: `/vnfpkgm/v1/vnf_packages/${id}` },
        packageContent: { href: `/vnfpkgm/v1/vnf_packages/${id}/package_content` },
      },
    });
  });

  it('does not show the owning tenant (the SOL 005 shape stays as it is)', () => {
    expect(view({ ...created, data: { ...created.data, tenant: 'tenant-a' } } as VnfPackageEvent)).toEqual(view(created));
  });

  it('adds the VNFD attributes, checksum, images, artifacts and the vnfd link once onboarded', () => {
    const content = onboardedContent({
      additionalArtifacts: [{ artifactPath: 'Scripts/install.sh', checksum: { algorithm: 'SHA-256', hash: 'c'.repeat(64) } }],
    });
    const info = view(created, uploaded, { type: 'VnfPackageOnboarded', data: { ...content, onboardedAt: at } });
    expect(info).toMatchObject({
      vnfdId: content.vnfdId,
      vnfProvider: 'Company',
      vnfProductName: 'Sample VNF',
      vnfSoftwareVersion: '1.0',
      vnfdVersion: '1.0',
      checksum: content.checksum,
      softwareImages: [],
      additionalArtifacts: content.additionalArtifacts,
      onboardingState: 'ONBOARDED',
      operationalState: 'ENABLED',
      _links: { vnfd: { href: `/vnfpkgm/v1/vnf_packages/${id}/vnfd` } },
    });
    expect(info).not.toHaveProperty('onboardingFailureDetails');
  });

  it('shows the signature once onboarded: SOL 004 security option when signed, and whether the signer is trusted', () => {
    const onboarded = (signature: PackageSignatureFacts) =>
      view(created, uploaded, { type: 'VnfPackageOnboarded', data: { ...onboardedContent({ signature }), onboardedAt: at } });
    const signer = 'C=PT, O=Example Org, CN=*.example.org';
    expect(onboarded({ present: true, verified: true, signer, scheme: 'manifest' })).toMatchObject({
      packageSecurityOption: 'OPTION_1',
      vnfmPackageSignature: { signed: true, trusted: true, signer },
    });
    const untrusted = onboarded({
      present: true,
      verified: false,
      signer: 'CN=x',
      scheme: 'zip',
      untrustedReason: 'no trusted CA is configured',
    });
    expect(untrusted).toMatchObject({ packageSecurityOption: 'OPTION_2' });
    expect(untrusted.vnfmPackageSignature).toEqual({
      signed: true,
      trusted: false,
      signer: 'CN=x',
      untrustedReason: 'no trusted CA is configured',
    });
    const unsigned = onboarded({ present: false, verified: false });
    expect(unsigned.vnfmPackageSignature).toEqual({ signed: false, trusted: false });
    expect(unsigned).not.toHaveProperty('packageSecurityOption');
    expect(view(created, uploaded)).not.toHaveProperty('vnfmPackageSignature');
  });

  it('shows why onboarding failed, and no VNFD attributes, in ERROR', () => {
    const problem = { title: 'NOT_A_ZIP', status: 422, detail: 'the content is not a zip archive' };
    const info = view(created, uploaded, { type: 'VnfPackageOnboardingFailed', data: { onboardingFailureDetails: problem, failedAt: at } });
    expect(info).toMatchObject({ onboardingState: 'ERROR', operationalState: 'DISABLED', onboardingFailureDetails: problem });
    expect(info).not.toHaveProperty('vnfdId');
    expect(info._links).not.toHaveProperty('vnfd');
  });

  it('answers a PATCH with what it changed', () => {
    expect(
      modificationsOf([
        { type: 'VnfPackageDisabled', data: { disabledAt: at } },
        { type: 'VnfPackageUserDefinedDataModified', data: { patch: { a: null, b: '2' }, modifiedAt: at } },
      ]),
    ).toEqual({ operationalState: 'DISABLED', userDefinedData: { a: null, b: '2' } });
  });
});
