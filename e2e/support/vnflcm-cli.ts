import type { VnfLcmOpOccView } from '@vnfm/lcm-domain';
import { gatewayHttp, getJson, RESTING_STATES } from './lcm-http';
import { pollUntil } from './poll';
import type { CliResult, TackerCli } from './tacker-cli';

/** One `-f json` record of the CLI, keyed by its column titles ('Operation State', 'Instantiated Vnf Info', ...). */
export type CliRecord = Record<string, unknown>;

/** The global option that makes the CLI speak /vnflcm/v2 (none: /vnflcm/v1). */
export const API_V2 = ['--os-tacker-api-version', '2'];

/**
 * `openstack vnflcm ...` for one API version, plus what the CLI does not
 * print: a task command (instantiate, scale, heal, terminate) only says
 * "... has been accepted", so the started occurrence is the one the
 * instance's occurrences show and did not show before. The waits read the
 * API (a CLI command run by hand starts a Python interpreter, about a second
 * of CPU), and the CLI shows what they waited for once.
 */
export class VnflcmCli {
  constructor(
    private readonly cli: TackerCli,
    private readonly version: readonly string[],
  ) {}

  run(args: string[]): Promise<CliResult> {
    return this.cli.run([...args, ...this.version]);
  }

  json<T>(args: string[]): Promise<T> {
    return this.cli.json<T>([...args, ...this.version]);
  }

  /** The instance's occurrences as `vnflcm op list` shows them. */
  async opIds(vnfInstanceId: string): Promise<string[]> {
    const rows = await this.json<CliRecord[]>(['vnflcm', 'op', 'list', '--filter', `(eq,vnfInstanceId,${vnfInstanceId})`]);
    return rows.map((row) => String(row.ID));
  }

  /** The same, read from the API the CLI uses (for the waits). */
  private async apiOpIds(vnfInstanceId: string): Promise<string[]> {
    const filter = encodeURIComponent(`(eq,vnfInstanceId,${vnfInstanceId})`);
    return (await getJson<VnfLcmOpOccView[]>(this.http(), `${this.apiPrefix()}/vnf_lcm_op_occs?filter=${filter}`)).map((op) => op.id);
  }

  private apiPrefix(): string {
    return this.version.includes('2') ? '/vnflcm/v2' : '/vnflcm/v1';
  }

  private http() {
    return gatewayHttp(this.cli.endpoint, this.cli.token);
  }

  /** Runs a task command, checks the CLI reports it accepted, and returns the id of the occurrence it started. */
  async startTask(vnfInstanceId: string, args: string[]): Promise<string> {
    const before = new Set(await this.apiOpIds(vnfInstanceId));
    const result = await this.run(args);
    if (result.code !== 0 || !result.stdout.includes('has been accepted')) {
      throw new Error(`openstack ${args.join(' ')} exited ${result.code}: ${result.stdout.trim()} ${result.stderr.trim()}`);
    }
    const ids = await pollUntil(
      `a new operation occurrence of ${vnfInstanceId} in op list`,
      () => this.apiOpIds(vnfInstanceId),
      (all) => all.some((id) => !before.has(id)),
      20_000,
    );
    return ids.find((id) => !before.has(id)) as string;
  }

  /**
   * Waits until the occurrence rests (COMPLETED, FAILED_TEMP, FAILED,
   * ROLLED_BACK), then shows it with `vnflcm op show`. After a retry or
   * rollback, pass the record shown before it: the occurrence must have moved
   * since (State Entered Time).
   */
  async settle(vnfLcmOpOccId: string, movedFrom?: CliRecord, timeoutMs = 90_000): Promise<CliRecord> {
    await pollUntil(
      `operation occurrence ${vnfLcmOpOccId} at rest`,
      () => getJson<VnfLcmOpOccView>(this.http(), `${this.apiPrefix()}/vnf_lcm_op_occs/${vnfLcmOpOccId}`),
      (op) => RESTING_STATES.includes(op.operationState) && op.stateEnteredTime !== movedFrom?.['State Entered Time'],
      timeoutMs,
    );
    return this.json<CliRecord>(['vnflcm', 'op', 'show', vnfLcmOpOccId]);
  }

  /**
   * A task command that must complete: run with the CLI, awaited over the API, and the occurrence as the API
   * shows it once COMPLETED; anything else throws with the command, the state and the error's detail.
   */
  async complete(vnfInstanceId: string, args: string[], timeoutMs = 300_000): Promise<VnfLcmOpOccView> {
    const opId = await this.startTask(vnfInstanceId, args);
    const op = await pollUntil(
      `operation occurrence ${opId} at rest`,
      () => getJson<VnfLcmOpOccView>(this.http(), `${this.apiPrefix()}/vnf_lcm_op_occs/${opId}`),
      (shown) => RESTING_STATES.includes(shown.operationState),
      timeoutMs,
    );
    expect([args.slice(0, 2).join(' '), op.operationState, op.error?.detail ?? 'no error']).toEqual([
      args.slice(0, 2).join(' '),
      'COMPLETED',
      'no error',
    ]);
    return op;
  }

  /** A task command and the occurrence it started, once at rest. */
  async operate(vnfInstanceId: string, args: string[]): Promise<{ opId: string; op: CliRecord }> {
    const opId = await this.startTask(vnfInstanceId, args);
    return { opId, op: await this.settle(opId) };
  }
}
