import { KUBEADM_ERRORS } from './kubeadm.errors';

/** One member of the cluster's etcd, as `etcdctl member list` prints it. */
export interface EtcdMember {
  /** Hexadecimal member id, what `etcdctl member remove` takes. */
  id: string;
  status: string;
  name: string;
  peerUrls: string;
}

/** Where kubeadm's etcd serves and keeps its certificates (its static pod's command line). */
const ETCDCTL_TLS = [
  '--endpoints',
  'https://127.0.0.1:2379',
  '--cacert',
  '/etc/kubernetes/pki/etcd/ca.crt',
  '--cert',
  '/etc/kubernetes/pki/etcd/server.crt',
  '--key',
  '/etc/kubernetes/pki/etcd/server.key',
];

/** `etcdctl ... member list` (Tacker runs it in the etcd pod of a master; simple output: `id, status, name, peer URLs, client URLs, is learner`). */
export const etcdMemberList = () => ['etcdctl', ...ETCDCTL_TLS, 'member', 'list'];

/** `etcdctl ... member remove <id>`. */
export const etcdMemberRemove = (id: string) => ['etcdctl', ...ETCDCTL_TLS, 'member', 'remove', id];

/** The members `etcdctl member list` printed; a line that is not a member is refused (the command did not answer what it should). */
export function parseEtcdMembers(stdout: string): EtcdMember[] {
  return stdout
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [id = '', status = '', name = '', peerUrls = ''] = line.split(',').map((field) => field.trim());
      if (!/^[0-9a-f]{1,16}$/.test(id))
        throw KUBEADM_ERRORS.unusableVnfcs(`etcdctl member list answered a line that is no member: ${JSON.stringify(line.slice(0, 200))}.`);
      return { id, status, name, peerUrls };
    });
}

/** The members of the node `name` (Tacker's driver picks the line holding the healed master's name). */
export function membersOf(members: readonly EtcdMember[], name: string): EtcdMember[] {
  return members.filter((member) => member.name === name);
}
