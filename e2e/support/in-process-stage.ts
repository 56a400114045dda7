import { testPort } from './lanes';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@vnfm/config';
import { createInfrastructure } from '@vnfm/platform';
import { createLogger } from '@vnfm/telemetry';
import { startStandalone } from '../../services/standalone/src/standalone';
import { startOpenStackSimulator, type OpenStackSimulator } from '../../tools/openstack-sim/src';
import { gatewayHttp, type GatewayHttp } from './lcm-http';
import { LCM_PACKAGE, onboardCorpusPackage, registerSimulatorVim } from './lcm-stage';

/**
 * The standalone product inside the test process (the same services and
 * in-process bus its main starts, no build needed) with its own data folder
 * and port, the OpenStack simulator registered over /v1.0/vims as the
 * default VIM, and the LCM sample package onboarded over /vnfpkgm/v1.
 */
export class InProcessStage {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'vnfm-in-process-'));
  readonly endpoint: string;
  readonly token = 'in-process-admin-token';
  readonly http: GatewayHttp;
  sim!: OpenStackSimulator;
  vnfdId!: string;
  vnfPkgId!: string;
  private product?: { close(): Promise<void> };

  constructor() {
    this.endpoint = `http://127.0.0.1:${testPort()}`;
    this.http = gatewayHttp(this.endpoint, this.token);
  }

  async open(): Promise<void> {
    this.sim = await startOpenStackSimulator({ delayMs: 0 });
    const config = loadConfig({
      VNFM_DATA_DIR: join(this.dataDir, 'data'),
      VNFM_PORT: new URL(this.endpoint).port,
      VNFM_ADMIN_TOKEN: this.token,
      VNFM_LOG_LEVEL: 'silent',
    });
    const infra = createInfrastructure(config, createLogger('in-process-stage', 'silent'));
    this.product = await startStandalone(infra);
    await registerSimulatorVim(this.http, this.sim, 'openstack-sim');
    const pkg = await onboardCorpusPackage(this.http, this.dataDir, LCM_PACKAGE);
    [this.vnfdId, this.vnfPkgId] = [String(pkg.vnfdId), pkg.id];
  }

  async close(): Promise<void> {
    await this.product?.close();
    await this.sim?.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
