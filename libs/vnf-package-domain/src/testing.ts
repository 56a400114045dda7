import type { OnboardedContent } from './vnf-package.state';

/** A plausible onboarded content summary for tests of code built on the VNF package aggregate. */
export function onboardedContent(overrides: Partial<OnboardedContent> = {}): OnboardedContent {
  return {
    vnfdId: 'b1bb0ce7-ebca-4fa7-95ed-4840d7000000',
    vnfProvider: 'Company',
    vnfProductName: 'Sample VNF',
    vnfSoftwareVersion: '1.0',
    vnfdVersion: '1.0',
    checksum: { algorithm: 'SHA-256', hash: 'a'.repeat(64) },
    softwareImages: [],
    additionalArtifacts: [],
    entryDefinitions: 'Definitions/sample_top.vnfd.yaml',
    vnfdFiles: ['TOSCA-Metadata/TOSCA.meta', 'Definitions/sample_top.vnfd.yaml'],
    files: [{ path: 'Definitions/sample_top.vnfd.yaml', size: 100 }],
    signature: { present: false, verified: false },
    flavours: [{ flavourId: 'simple', description: 'A simple flavour' }],
    derived: { vnfdZip: { key: 'd'.repeat(64), size: 300 } },
    ...overrides,
  };
}

export { contractViolations, responseSchema, schemaViolations, type ContractName } from './testing/openapi-contract';
