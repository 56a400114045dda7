import { streamRecordId, type StreamRecord } from '@vnfm/event-stream';
import { VNF_PACKAGE_STREAM_PREFIX, type VnfPackageEvent } from '@vnfm/vnf-package-domain';

/** The version of every `vnfm.vnf-packages.v1` record's schema (docs/event-stream/vnf-package-event.v1.schema.json). */
const VNF_PACKAGE_EVENT_SCHEMA_VERSION = 1;

type Source = { streamName: string; revision: number; type: string; data: unknown; metadata: { timestamp: string } };

/**
 * What a package event tells the stream: its `type` and the VNFD's identity
 * once onboarded, never user-defined data, addresses (an upload URI may
 * carry credentials) or contents. Undefined for the events it leaves out.
 */
function factsOf(event: VnfPackageEvent): { type: string; facts: Record<string, unknown> } | undefined {
  switch (event.type) {
    case 'VnfPackageCreated':
      return { type: 'VnfPackageCreated', facts: {} };
    case 'VnfPackageOnboarded': {
      const { vnfdId, vnfProvider, vnfProductName, vnfSoftwareVersion, vnfdVersion } = event.data;
      return { type: 'VnfPackageOnboarded', facts: { vnfdId, vnfProvider, vnfProductName, vnfSoftwareVersion, vnfdVersion } };
    }
    case 'VnfPackageOnboardingFailed':
      // Not the failure's detail: it may quote the package or the address it came from.
      return { type: 'VnfPackageOnboardingFailed', facts: {} };
    case 'VnfPackageEnabled':
      return { type: 'VnfPackageEnabled', facts: {} };
    case 'VnfPackageDisabled':
      return { type: 'VnfPackageDisabled', facts: {} };
    case 'VnfPackageDeleted':
      return { type: 'VnfPackageDeleted', facts: {} };
    default:
      return undefined;
  }
}

/**
 * The `vnfm.vnf-packages.v1` record of one event of a `vnfPackage-<id>`
 * stream, keyed by the package id; `tenant`, the package's, is in the value
 * and the record's header.
 */
export function vnfPackageRecords(topic: string, event: Source, tenant?: string): StreamRecord[] {
  if (!event.streamName.startsWith(VNF_PACKAGE_STREAM_PREFIX)) return [];
  const made = factsOf({ type: event.type, data: event.data } as VnfPackageEvent);
  if (!made) return [];
  const vnfPkgId = event.streamName.slice(VNF_PACKAGE_STREAM_PREFIX.length);
  const id = streamRecordId(`${topic}/${event.streamName}/${event.revision}`);
  return [
    {
      topic,
      key: vnfPkgId,
      id,
      type: made.type,
      ...(tenant !== undefined && { tenant }),
      value: {
        type: made.type,
        schemaVersion: VNF_PACKAGE_EVENT_SCHEMA_VERSION,
        id,
        vnfPkgId,
        ...made.facts,
        ...(tenant !== undefined && { tenant }),
        time: event.metadata.timestamp,
      },
    },
  ];
}
