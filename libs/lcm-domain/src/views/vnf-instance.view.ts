import { showSecrets } from '@vnfm/util';
import type { VnfIdentity } from '@vnfm/vnfd';
import { vnfcInfoId } from '../planning/heal-targets';
import { extCpInfoView, extManagedVirtualLinkInfoView, extVirtualLinkInfoView } from './ext-connectivity.view';
import type { InstantiatedVnfInfo, VnfInstance } from '../vnf-instance/vnf-instance.state';
import { vnfLcmUriPrefix, type VnfLcmApiMajor } from './api-version';

/** The VNFD identity of an instance's package, as the package catalog reports it (immutable for a vnfdId). */
export type VnfdIdentity = Pick<VnfIdentity, 'vnfProvider' | 'vnfProductName' | 'vnfSoftwareVersion' | 'vnfdVersion'> & {
  vnfPkgId: string;
};

type Link = { href: string };

/** ETSI GS NFV-SOL 003 VnfInstance (§5.5.2.2) in both versions; they differ in vimConnectionInfo and vnfPkgId. */
export interface VnfInstanceView {
  id: string;
  vnfInstanceName?: string;
  vnfInstanceDescription?: string;
  vnfdId: string;
  vnfProvider?: string;
  vnfProductName?: string;
  vnfSoftwareVersion?: string;
  vnfdVersion?: string;
  /** v1 only: Tacker's v1 API names the package. */
  vnfPkgId?: string;
  /** v1 (SOL 003 v2.6.1): an array of VimConnectionInfo; v2 (v3.3.1): a map keyed by the connection id. */
  vimConnectionInfo: { id: string; vimId: string; vimType: string }[] | Record<string, { vimId: string; vimType: string }>;
  instantiationState: VnfInstance['instantiationState'];
  instantiatedVnfInfo?: InstantiatedVnfInfoView;
  metadata: Record<string, unknown>;
  extensions?: Record<string, unknown>;
  vnfConfigurableProperties?: Record<string, unknown>;
  _links: Record<string, Link>;
}

/** The top-level attributes a SOL 013 query may filter on or select. */
export const VNF_INSTANCE_ATTRIBUTES = [
  'id',
  'vnfInstanceName',
  'vnfInstanceDescription',
  'vnfdId',
  'vnfProvider',
  'vnfProductName',
  'vnfSoftwareVersion',
  'vnfdVersion',
  'vnfPkgId',
  'vimConnectionInfo',
  'instantiationState',
  'instantiatedVnfInfo',
  'metadata',
  'extensions',
  'vnfConfigurableProperties',
  '_links',
] as const satisfies readonly (keyof VnfInstanceView)[];

/** SOL 003 v3.3.1 §5.4.2.3.2: the attributes GET /vnf_instances leaves out unless asked for. */
export const VNF_INSTANCE_DEFAULT_EXCLUDED = [
  'vnfConfigurableProperties',
  'vimConnectionInfo',
  'instantiatedVnfInfo',
  'metadata',
  'extensions',
] as const;

/** SOL 003 §5.5.2.2 links: the task resources the instance's state allows (hrefs relative to the API root, as for packages). */
function linksOf(instance: VnfInstance, prefix: string): Record<string, Link> {
  const self = `${prefix}/vnf_instances/${instance.id}`;
  const tasks =
    instance.instantiationState === 'NOT_INSTANTIATED'
      ? { instantiate: 'instantiate' }
      : { terminate: 'terminate', scale: 'scale', heal: 'heal', changeExtConn: 'change_ext_conn' };
  return { self: { href: self }, ...Object.fromEntries(Object.entries(tasks).map(([rel, task]) => [rel, { href: `${self}/${task}` }])) };
}

/** SOL 003 §5.5.3.23 VnfcInfo: one per VNFC, pointing at its resource; this VNFM runs every VNFC it reports. */
interface VnfcInfo {
  id: string;
  vduId: string;
  vnfcResourceInfoId: string;
  vnfcState: 'STARTED' | 'STOPPED';
}

/** SOL 003 §5.5.2.2 instantiatedVnfInfo: what the VNFM decided and observed, with the external connectivity as requested and realised. */
type InstantiatedVnfInfoView = Omit<InstantiatedVnfInfo, 'extCpInfo' | 'extVirtualLinks' | 'extManagedVirtualLinks'> & {
  extCpInfo: Record<string, unknown>[];
  extVirtualLinkInfo?: Record<string, unknown>[];
  extManagedVirtualLinkInfo?: Record<string, unknown>[];
  vnfcInfo: VnfcInfo[];
};

function instantiatedInfoView(instance: VnfInstance, info: InstantiatedVnfInfo, major: VnfLcmApiMajor): InstantiatedVnfInfoView {
  const { extCpInfo, extVirtualLinks = [], extManagedVirtualLinks = [], ...decided } = info;
  // A link that names no VIM connection is on the instance's (the default VIM it was instantiated on).
  const vim = Object.keys(instance.vimConnectionInfo)[0];
  return {
    ...decided,
    extCpInfo: extCpInfoView(extCpInfo, extVirtualLinks, info.vnfcResourceInfo, major),
    ...(extVirtualLinks.length > 0 && { extVirtualLinkInfo: extVirtualLinkInfoView(extVirtualLinks, extCpInfo, vim, major) }),
    ...(extManagedVirtualLinks.length > 0 && { extManagedVirtualLinkInfo: extManagedVirtualLinkInfoView(extManagedVirtualLinks, vim) }),
    vnfcInfo: info.vnfcResourceInfo.map((vnfc): VnfcInfo => ({
      id: vnfcInfoId(vnfc.id),
      vduId: vnfc.vduId,
      vnfcResourceInfoId: vnfc.id,
      vnfcState: 'STARTED',
    })),
  };
}

function common(instance: VnfInstance, identity: VnfdIdentity | undefined, major: VnfLcmApiMajor) {
  return {
    id: instance.id,
    ...(instance.vnfInstanceName !== undefined && { vnfInstanceName: instance.vnfInstanceName }),
    ...(instance.vnfInstanceDescription !== undefined && { vnfInstanceDescription: instance.vnfInstanceDescription }),
    vnfdId: instance.vnfdId,
    ...(identity && {
      vnfProvider: identity.vnfProvider,
      vnfProductName: identity.vnfProductName,
      vnfSoftwareVersion: identity.vnfSoftwareVersion,
      vnfdVersion: identity.vnfdVersion,
    }),
    instantiationState: instance.instantiationState,
    // What a client gave (links, metadata, extensions, properties) may hold secrets: a view shows that one was given, never its value.
    ...(instance.instantiatedVnfInfo && {
      instantiatedVnfInfo: showSecrets(instantiatedInfoView(instance, instance.instantiatedVnfInfo, major)),
    }),
    metadata: showSecrets(instance.metadata),
    ...(Object.keys(instance.extensions).length > 0 && { extensions: showSecrets(instance.extensions) }),
    ...(Object.keys(instance.vnfConfigurableProperties).length > 0 && {
      vnfConfigurableProperties: showSecrets(instance.vnfConfigurableProperties),
    }),
    _links: linksOf(instance, vnfLcmUriPrefix(major)),
  };
}

/** VnfInstance per SOL 003 v2.6.1 §5.5.2.2 as Tacker's v1 API writes it. */
export const toVnfInstanceV1 = (instance: VnfInstance, identity?: VnfdIdentity): VnfInstanceView => ({
  ...common(instance, identity, 1),
  ...(identity && { vnfPkgId: identity.vnfPkgId }),
  vimConnectionInfo: Object.entries(instance.vimConnectionInfo).map(([id, ref]) => ({ id, ...ref })),
});

/** VnfInstance per SOL 003 v3.3.1 §5.5.2.2. */
export const toVnfInstanceV2 = (instance: VnfInstance, identity?: VnfdIdentity): VnfInstanceView => ({
  ...common(instance, identity, 2),
  vimConnectionInfo: instance.vimConnectionInfo,
});

export const toVnfInstanceView = (major: VnfLcmApiMajor, instance: VnfInstance, identity?: VnfdIdentity): VnfInstanceView =>
  major === 1 ? toVnfInstanceV1(instance, identity) : toVnfInstanceV2(instance, identity);
