import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath, fixturePath, stageFolders } from '@vnfm/vnf-package/testing';

const BASE = 'vnf-v2-userdata-standard';
const DF = 'Definitions/v2_sample3_df_simple.yaml';
/** Tacker's samples share one VNFD id; this package has its own, so it onboards beside them. */
const BASE_VNFD_ID = 'b1bb0ce7-ebca-4fa7-95ed-4840d7000000';
const GENERIC_PACKAGE_VNFD_ID = '6e8c1f1a-0b7d-4c59-9a3e-9e5d1a2b3c4d';
const WITH_VNFD_ID = ['Definitions/v2_sample3_types.yaml', 'Definitions/v2_sample3_top.vnfd.yaml'];

/**
 * The VNF node's Vnflcm interface of the generic-driver test package: a Bash
 * script at instantiate_end (converging: run again on a peer if its runner
 * dies), scale_start and terminate_start (that one through sudo), an Ansible
 * playbook at scale_end, on the VNFCs of VDU1 reached at VDU1_CP1.
 */
const INTERFACE = `      interfaces:
        Vnflcm:
          inputs:
            additional_parameters:
              vdus: [ VDU1 ]
              ssh_cp: VDU1_CP1
              timeout_seconds: 120
          instantiate_end:
            implementation: vnf-script
            inputs:
              additional_parameters:
                rerunnable: true
          scale_start:
            implementation: vnf-script
          scale_end:
            implementation: vnf-playbook
          terminate_start:
            implementation: vnf-script
            inputs:
              additional_parameters:
                become: true
      artifacts:
        vnf-script:
          description: The VNF's own MgmtDriver script
          type: tosca.artifacts.Implementation.Bash
          file: ../Scripts/generic_hook.sh
        vnf-playbook:
          description: The VNF's own MgmtDriver playbook
          type: tosca.artifacts.Implementation.Ansible
          file: ../Playbooks/generic_hook.yaml

`;

/**
 * Stages the generic-driver test package in `workDir`: Tacker's
 * vnf-v2-userdata-standard (two VDUs on OpenStack) whose hooks are this
 * folder's shell script and playbook instead of Tacker's Python sample, under
 * its own VNFD id.
 */
export async function stageGenericPackage(workDir: string): Promise<string> {
  const stage = await stageFolders(workDir, corpusPath('tacker', BASE), fixturePath('tacker', BASE), join(__dirname, 'generic-package'));
  const df = await readFile(join(stage, DF), 'utf8');
  const start = df.indexOf('      interfaces:\n');
  const end = df.indexOf('    VDU1:\n');
  if (start < 0 || end < start) throw new Error(`${BASE}/${DF} no longer has the VNF node's interfaces before VDU1`);
  await writeFile(join(stage, DF), df.slice(0, start) + INTERFACE + df.slice(end));
  for (const file of WITH_VNFD_ID) {
    const text = await readFile(join(stage, file), 'utf8');
    if (!text.includes(BASE_VNFD_ID)) throw new Error(`${BASE}/${file} no longer names VNFD ${BASE_VNFD_ID}`);
    await writeFile(join(stage, file), text.split(BASE_VNFD_ID).join(GENERIC_PACKAGE_VNFD_ID));
  }
  return stage;
}
