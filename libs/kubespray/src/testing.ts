/**
 * The seed's sample `k8s_cluster_installation_param` (tacker-specs "k8s-mgmtdriver-kubespray"), with the LB CP of
 * Tacker's sample VNFD and a pod network without host bits (the sample's 192.168.3.0/16 is refused, as by Tacker).
 */
export function sampleClusterParam(): Record<string, unknown> {
  return {
    vim_name: 'kubernetes_vim',
    ansible: {
      ip_address: '10.0.0.250',
      username: 'ansible',
      password: 'ansible',
      kubespray_root_path: '/home/ubuntu/kubespray-2.16.0',
      transferring_inventory_path: '/home/ubuntu/kubespray-2.16.0/inventory/mycluster',
    },
    master_node: {
      aspect_id: 'master_instance',
      ssh_cp_name: 'masterNode_CP1',
      nic_cp_name: 'masterNode_CP1',
      username: 'ubuntu',
      password: 'ubuntu',
      pod_cidr: '192.168.0.0/16',
      cluster_cidr: '10.199.187.0/24',
      cluster_cp_name: 'masterNode_CP1',
    },
    worker_node: {
      aspect_id: 'worker_instance',
      ssh_cp_name: 'workerNode_CP2',
      nic_cp_name: 'workerNode_CP2',
      username: 'ubuntu',
      password: 'ubuntu',
    },
    proxy: {
      http_proxy: 'http://user1:password1@host1:port1',
      https_proxy: 'https://user2:password2@host2:port2',
      no_proxy: '192.168.246.0/24,10.0.0.1',
      k8s_node_cidr: '10.10.0.0/24',
    },
    external_lb_param: {
      ssh_cp_name: 'externalLB_CP3',
      ssh_username: 'ubuntu',
      ssh_password: 'ubuntu',
      script_path: './Scripts/install_external_lb.sh',
    },
  };
}
