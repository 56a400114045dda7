import { isRecord } from '@vnfm/util';
import type { ResourceHandle, VnfcResourceInfo, VnfExtCpInfo } from '../sol003/sol003.types';
import type { VnfLcmApiMajor } from './api-version';

/*
 * The external connectivity a VnfInstance and a CHANGE_EXT_CONN occurrence
 * report, derived on read from what the consumer asked for (the requests'
 * extVirtualLinks / extManagedVirtualLinks, as checked at the edge) and the
 * external CPs the driver reported (one per port it created).
 */

type Json = Record<string, unknown>;
const records = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** SOL 003 v3.3.1 §4.4.1.10 cpConfig is a map keyed by cpConfigId; v2.6.1 has an array (keyed here by the CPD and position). */
function cpConfigsOf(extCp: Json): [string, Json][] {
  const cpdId = text(extCp.cpdId) ?? '';
  const config = extCp.cpConfig;
  if (Array.isArray(config)) return records(config).map((entry, index) => [index === 0 ? cpdId : `${cpdId}-${index}`, entry]);
  return isRecord(config) ? Object.entries(config).filter((entry): entry is [string, Json] => isRecord(entry[1])) : [];
}

/** SOL 003 §4.4.1.10 the requested extCps of every link, by CPD id (a later link wins, as a change replaces a link). */
function requestedCps(links: readonly unknown[]): Map<string, [string, Json][]> {
  return new Map(
    records(links).flatMap((link) => records(link.extCps).map((extCp) => [text(extCp.cpdId) ?? '', cpConfigsOf(extCp)] as const)),
  );
}

/**
 * SOL 003 v3.3.1 §4.4.1.10 CpProtocolData, reported as CpProtocolInfo: the
 * layer protocol and the addresses given; `isDynamic` only with addresses
 * (fixed ones). v2.6.1 requires macAddress in ipOverEthernet: without one
 * the v1 view keeps only the layer protocol.
 */
function cpProtocolInfoOf(config: Json | undefined, major: VnfLcmApiMajor): Json[] {
  return records(config?.cpProtocolData).map((data) => {
    const ethernet = isRecord(data.ipOverEthernet) ? data.ipOverEthernet : undefined;
    const macAddress = text(ethernet?.macAddress);
    if (!ethernet || (major === 1 && !macAddress)) return { layerProtocol: data.layerProtocol };
    const ipAddresses = records(ethernet.ipAddresses).map((address) => {
      const fixed = Array.isArray(address.fixedAddresses) && address.fixedAddresses.length > 0 ? address.fixedAddresses : undefined;
      return {
        type: address.type,
        ...(fixed && { addresses: fixed, isDynamic: false }),
        // The request's ipAddressRange is reported as addressRange.
        ...(isRecord(address.ipAddressRange) && { addressRange: address.ipAddressRange }),
        ...(text(address.subnetId) && { subnetId: address.subnetId }),
      };
    });
    return {
      layerProtocol: data.layerProtocol,
      ipOverEthernet: {
        ...(macAddress && { macAddress }),
        ...(text(ethernet.segmentationId) && { segmentationId: ethernet.segmentationId }),
        ...(ipAddresses.length > 0 && { ipAddresses }),
      },
    };
  });
}

/** The link port an external CP uses: the one the consumer handed over (linkPortId), or the port the VNFM created (the CP's id). */
const extLinkPortIdOf = (cp: VnfExtCpInfo, config: Json | undefined) => cp.extLinkPortId ?? text(config?.linkPortId) ?? cp.id;

/**
 * SOL 003 §5.5.3.25 VnfExtCpInfo: v2 (v3.3.1) adds cpConfigId and requires
 * cpProtocolInfo; associatedVnfcCpId is the VNFC CP exposed as this external CP.
 */
export function extCpInfoView(
  extCpInfo: readonly VnfExtCpInfo[],
  links: readonly unknown[],
  vnfcs: readonly VnfcResourceInfo[],
  major: VnfLcmApiMajor,
): Json[] {
  const requested = requestedCps(links);
  return extCpInfo.map((cp) => {
    const [configId, config] = requested.get(cp.cpdId)?.[0] ?? [];
    // The driver names a VNFC's CP after its port, as it does the external CP on that port.
    const vnfcCp = vnfcs.flatMap((vnfc) => vnfc.vnfcCpInfo ?? []).find((vnfcCp) => vnfcCp.vnfExtCpId === cp.id);
    const associatedVnfcCpId = vnfcCp?.id ?? cp.associatedVnfcCpId ?? (cp.metadata?.vnfcResourceInfoId ? cp.id : undefined);
    return {
      id: cp.id,
      cpdId: cp.cpdId,
      ...(major === 2 && { cpConfigId: configId ?? cp.cpdId }),
      cpProtocolInfo: cpProtocolInfoOf(config, major),
      extLinkPortId: extLinkPortIdOf(cp, config),
      ...(cp.metadata && { metadata: cp.metadata }),
      ...(associatedVnfcCpId && { associatedVnfcCpId }),
    };
  });
}

const handle = (
  resourceId: string,
  vimConnectionId: string | undefined,
  resourceProviderId: unknown,
  vimLevelResourceType?: string,
): ResourceHandle => ({
  ...(vimConnectionId && { vimConnectionId }),
  ...(text(resourceProviderId) && { resourceProviderId: resourceProviderId as string }),
  resourceId,
  ...(vimLevelResourceType && { vimLevelResourceType }),
});

/**
 * SOL 003 §5.5.3.2 ExtVirtualLinkInfo of the requested links: the network,
 * the link ports (those handed over, and one per port the VNFM created for an
 * external CP on the link) and, in v2, the link's current extCps.
 * `vimConnectionId` fills in for links that name none (the instance's VIM).
 */
export function extVirtualLinkInfoView(
  links: readonly unknown[],
  extCpInfo: readonly VnfExtCpInfo[],
  vimConnectionId: string | undefined,
  major: VnfLcmApiMajor,
): Json[] {
  return records(links).map((link) => {
    const vim = text(link.vimConnectionId) ?? vimConnectionId;
    const cps = records(link.extCps);
    const cpdIds = new Set(cps.map((cp) => text(cp.cpdId)));
    const configs = requestedCps([link]);
    // Ports the consumer handed over keep their handle; the VIM connection fills in where they name none.
    const handedOver = records(link.extLinkPorts).map((port) => ({
      id: port.id,
      resourceHandle: { ...(vim && { vimConnectionId: vim }), ...(isRecord(port.resourceHandle) ? port.resourceHandle : {}) },
    }));
    const handedOverIds = new Set(handedOver.map((port) => port.id));
    const created = extCpInfo
      .filter((cp) => cpdIds.has(cp.cpdId) && !handedOverIds.has(extLinkPortIdOf(cp, configs.get(cp.cpdId)?.[0]?.[1])))
      .map((cp) => ({ id: cp.id, resourceHandle: handle(cp.id, vim, undefined, 'OS::Neutron::Port'), cpInstanceId: cp.id }));
    const ports = [...handedOver, ...created];
    return {
      id: link.id,
      resourceHandle: handle(text(link.resourceId) ?? '', vim, link.resourceProviderId),
      ...(ports.length > 0 && { extLinkPorts: ports }),
      ...(major === 2 && { currentVnfExtCpData: cps.map((cp) => ({ cpdId: cp.cpdId, cpConfig: Object.fromEntries(cpConfigsOf(cp)) })) }),
    };
  });
}

/** SOL 003 §5.5.3.3 ExtManagedVirtualLinkInfo of the requested externally managed internal VLs. */
export function extManagedVirtualLinkInfoView(links: readonly unknown[], vimConnectionId: string | undefined): Json[] {
  return records(links).map((link) => ({
    id: link.id,
    vnfVirtualLinkDescId: link.vnfVirtualLinkDescId,
    networkResource: handle(
      text(link.resourceId) ?? '',
      text(link.vimConnectionId) ?? vimConnectionId,
      link.resourceProviderId,
      'OS::Neutron::Net',
    ),
  }));
}
