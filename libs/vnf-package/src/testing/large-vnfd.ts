import { buildZip } from './zip.writer';

const HEAD = `tosca_definitions_version: tosca_simple_yaml_1_2
imports: [ etsi_nfv_sol001_common_types.yaml, etsi_nfv_sol001_vnfd_types.yaml ]
node_types:
  large.VNF:
    derived_from: tosca.nodes.nfv.VNF
topology_template:
  substitution_mappings: { node_type: large.VNF, properties: { flavour_id: simple } }
  node_templates:
    VNF:
      type: large.VNF
      properties: { descriptor_id: 6b2f0c0e-0000-4000-8000-00000000large, descriptor_version: '1.0', provider: Acme, product_name: Large, software_version: '1.0' }
`;

const vdu = (i: number) => `    VDU${i}:
      type: tosca.nodes.nfv.Vdu.Compute
      properties:
        name: VDU${i}
        description: compute node ${i} of a VNFD far larger than any real one
        vdu_profile: { min_number_of_instances: 1, max_number_of_instances: 3 }
      capabilities:
        virtual_compute:
          properties:
            virtual_memory: { virtual_mem_size: 512 MB }
            virtual_cpu: { num_virtual_cpu: 1 }
            virtual_local_storage: [ { size_of_storage: 3 GB } ]
`;

/** A valid VNFD with `vdus` compute nodes, about 420 bytes each (25,000 make 10 MB). */
export function largeVnfd(vdus: number): string {
  const parts = [HEAD];
  for (let i = 0; i < vdus; i++) parts.push(vdu(i));
  return parts.join('');
}

/** A CSAR (TOSCA.meta and the VNFD, deflated) around `largeVnfd(vdus)`. */
export function largeVnfdPackage(vdus: number): Buffer {
  const meta = 'TOSCA-Meta-File-Version: 1.0\nCSAR-Version: 1.1\nCreated-By: test\nEntry-Definitions: Definitions/vnfd.yaml\n';
  return buildZip([
    { name: 'TOSCA-Metadata/TOSCA.meta', data: meta },
    { name: 'Definitions/vnfd.yaml', data: largeVnfd(vdus) },
  ]);
}
