export { clusterErrors, type ClusterErrors } from './cluster-errors';
export { ParamMembers } from './param-members';
export { ipv4NetworkAddresses, ipv4ToNumber, isIpAddress } from './ip-networks';
export { proxyPasswords } from './proxy-passwords';
export { cpAddress, roleOf, requireAddress } from './vnfc-roles';
export { healsWholeVnf } from './heal-scope';
export { clusterAuthUrl, defaultVimName, kubernetesVimBody, type ClusterAccess } from './cluster-vim';
export { kubectlCreatesTokens, vimAccountManifest, vimTokenSecret } from './vim-token';
export {
  readRegistryConnections,
  mergeInsecureRegistries,
  registryCaPath,
  REGISTRY_CONNECTIONS_PARAM,
  type RegistryConnection,
} from './registry-connections';
export { CONTAINERD_CONFIG, mergeContainerdConfig, containerdHostDir, containerdHostsToml } from './containerd-registries';
export {
  HAPROXY_CONFIG,
  haproxyLines,
  haproxyText,
  haproxyWords,
  haproxySections,
  haproxySection,
  haproxyServerOf,
  withoutHaproxySections,
  type HaproxySectionRef,
  type HaproxyServer,
} from './haproxy-config';
