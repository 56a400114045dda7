/**
 * `tools/test.sh` runs the int and e2e files in lanes: one Jest process per
 * lane, side by side, each running its files one at a time. What two files
 * in different lanes must not share is split here by lane: the ports their
 * products listen on and the SSH-host VMs they use (a registry in a VM listens
 * on that VM's address only: tools/docker). What cannot be split (a
 * cluster-scoped Kubernetes object, the Kafka topics of the product's bus)
 * keeps its files in one lane: their
 * `test-lane-group:` line (tools/test-lanes). Run by hand, a file is in lane 1.
 */
export const TEST_LANE = Number(process.env.VNFM_TEST_LANE ?? '1');
if (!Number.isInteger(TEST_LANE) || TEST_LANE < 1 || TEST_LANE > 4)
  throw new Error(`VNFM_TEST_LANE must be 1 to 4, not ${process.env.VNFM_TEST_LANE}`);

/** The SSH-host VMs of each lane (`tools/ssh-hosts/ssh-hosts.sh` starts this many per lane, `SSH_VM_COUNT`). */
export const VMS_PER_LANE = 16;

/** The n-th (from 1) SSH-host VM of this lane: 127.10.0.1-16 in lane 1, .17-32 in lane 2, ... */
export function laneVm(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > VMS_PER_LANE) throw new Error(`a lane has VMs 1 to ${VMS_PER_LANE}, not ${n}`);
  return `127.10.0.${(TEST_LANE - 1) * VMS_PER_LANE + n}`;
}

/** The infrastructure's fixed ports (Kafka, the Kubernetes control plane), never given to a product. */
const INFRA_PORTS = new Set([16443, 16444, 16457, 16459, 19092, 19093, 19094, 23790, 23800]);
const BAND = 3000;
/** The first lane's first port: below it, Cluster API's Docker provider listens for its in-memory workload clusters (20000 up, tools/capi). */
const FIRST_PORT = 21000;

/**
 * A port for a product or server under test, random in this lane's band
 * (21000-23999 in lane 1, 24000-26999 in lane 2, ...): lanes never share a
 * port, the files of a lane run one at a time, and the band lies below the
 * kernel's ephemeral ports (32768 up), which listen(0) and outgoing
 * connections take.
 */
export function testPort(): number {
  for (;;) {
    const port = FIRST_PORT + (TEST_LANE - 1) * BAND + Math.floor(Math.random() * BAND);
    if (!INFRA_PORTS.has(port)) return port;
  }
}
