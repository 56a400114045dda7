import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath } from '@vnfm/vnf-package/testing';

const BASE = 'cnf-v2-all-kinds';
const DF = 'Definitions/sample_cnf_df_simple.yaml';

/**
 * The VNF node's Vnflcm interface of the workload-cluster CNF: the
 * cluster-credentials MgmtDriver at instantiate_end, heal_end and
 * terminate_end (the artifact names the package's sample script, which this
 * driver never runs).
 */
const INTERFACE = `      interfaces:
        Vnflcm:
          inputs:
            additional_parameters:
              vnfm_mgmt_driver: cluster-credentials
          instantiate_end:
            implementation: cluster-credentials
          heal_end:
            implementation: cluster-credentials
          terminate_end:
            implementation: cluster-credentials
      artifacts:
        cluster-credentials:
          description: Sends the workload cluster's kubeconfig on (built-in MgmtDriver)
          type: tosca.artifacts.Implementation.Python
          file: ../Scripts/sample_script.py

`;

/**
 * A folder to stage over Tacker's cnf-v2-all-kinds (with the Cluster API
 * workload manifests): its deployment flavour with the hooks above in place
 * of Tacker's sample script hooks. Returns the folder.
 */
export async function workloadHooksFolder(workDir: string): Promise<string> {
  const folder = join(workDir, 'cluster-credentials-hooks');
  const df = await readFile(join(corpusPath('tacker', BASE), DF), 'utf8');
  const start = df.indexOf('      interfaces:\n');
  const end = df.indexOf('    VDU1:\n');
  if (start < 0 || end < start) throw new Error(`${BASE}/${DF} no longer has the VNF node's interfaces before VDU1`);
  await mkdir(join(folder, 'Definitions'), { recursive: true });
  await writeFile(join(folder, DF), df.slice(0, start) + INTERFACE + df.slice(end));
  return folder;
}
