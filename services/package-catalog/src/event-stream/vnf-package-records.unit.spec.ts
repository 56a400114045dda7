import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { vnfPackageRecords } from './vnf-package-records';

const schema = JSON.parse(
  readFileSync(join(__dirname, '../../../../docs/event-stream/vnf-package-event.v1.schema.json'), 'utf8'),
) as object;
const validate = addFormats(new Ajv2020({ allErrors: true, strict: false })).compile(schema);
const TOPIC = 'vnfm.vnf-packages.v1';
const event = (revision: number, type: string, data: unknown) => ({
  streamName: 'vnfPackage-pkg-1',
  revision,
  type,
  data,
  metadata: { timestamp: '2026-11-24T07:00:00.000Z' },
});
const identity = { vnfdId: 'vnfd-1', vnfProvider: 'Company', vnfProductName: 'Sample', vnfSoftwareVersion: '1.0', vnfdVersion: '1.0' };

describe('vnfm.vnf-packages.v1 records', () => {
  const records = [
    event(0, 'VnfPackageCreated', { vnfPkgId: 'pkg-1', userDefinedData: { password: 'udd-secret' }, createdAt: 't' }),
    event(1, 'VnfPackageUploadFromUriStarted', { addressInformation: 'http://user:uri-secret@repo/pkg.zip', startedAt: 't' }),
    event(2, 'VnfPackageContentUploaded', { blobKey: 'b', size: 1, uploadedAt: 't' }),
    event(3, 'VnfPackageOnboarded', { ...identity, checksum: { algorithm: 'SHA-256', hash: 'h' }, files: [], onboardedAt: 't' }),
    event(4, 'VnfPackageOnboardingFailed', {
      onboardingFailureDetails: { status: 422, detail: 'http://user:uri-secret@repo' },
      failedAt: 't',
    }),
    event(5, 'VnfPackageUserDefinedDataModified', { patch: { password: 'udd-secret' }, modifiedAt: 't' }),
    event(6, 'VnfPackageEnabled', { enabledAt: 't' }),
    event(7, 'VnfPackageDisabled', { disabledAt: 't' }),
    event(8, 'VnfPackageDeleted', { deletedAt: 't' }),
  ].flatMap((one) => vnfPackageRecords(TOPIC, one));

  it('makes the lifecycle records keyed by the package id, valid against docs/event-stream/vnf-package-event.v1.schema.json, with the VNFD identity once onboarded', () => {
    expect(records.map((record) => record.type)).toEqual([
      'VnfPackageCreated',
      'VnfPackageOnboarded',
      'VnfPackageOnboardingFailed',
      'VnfPackageEnabled',
      'VnfPackageDisabled',
      'VnfPackageDeleted',
    ]);
    for (const record of records) {
      expect(validate(record.value) ? [] : validate.errors).toEqual([]);
      expect(record).toMatchObject({ topic: TOPIC, key: 'pkg-1', id: record.value.id });
    }
    expect(records[1].value).toMatchObject({ vnfPkgId: 'pkg-1', ...identity });
  });

  it('carries no user-defined data and no upload address (either may hold a secret)', () => {
    const text = JSON.stringify(records);
    expect(text).not.toContain('udd-secret');
    expect(text).not.toContain('uri-secret');
  });

  it("names the package's tenant in the value and the header, valid against the schema, and neither for a package of no tenant", () => {
    const [created] = vnfPackageRecords(
      TOPIC,
      event(0, 'VnfPackageCreated', { vnfPkgId: 'pkg-1', tenant: 'tenant-a', createdAt: 't' }),
      'tenant-a',
    );
    expect(created).toMatchObject({ tenant: 'tenant-a', value: { tenant: 'tenant-a' } });
    expect(validate(created.value) ? [] : validate.errors).toEqual([]);
    expect(records.every((record) => record.tenant === undefined && !('tenant' in record.value))).toBe(true);
  });
});
