export { KUBEADM_ERRORS } from './kubeadm.errors';
export { readKubeadmParams, kubeadmSecrets, type KubeadmParams } from './kubeadm-params';
export { kubeadmNodes, clusterAddress, type KubeadmNode } from './kubeadm-nodes';
export { planKubeadmHook } from './hook-plan';
export { caCertHash, bootstrapTokenOf, certificateKeyOf, type JoinMaterial } from './join-material';
export {
  REMOTE_SCRIPT,
  REMOTE_HELM_SCRIPT,
  initMasterCommand,
  joinMasterCommand,
  joinWorkerCommand,
  helmCommand,
  type ClusterShape,
} from './install-command';
export { hostsLines, withHostsLines, withoutHostsLines } from './hosts-file';
export { withApiServer, withoutApiServer } from './haproxy-config';
export { etcdMemberList, etcdMemberRemove, parseEtcdMembers, membersOf } from './etcd-members';
