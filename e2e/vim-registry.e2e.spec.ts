import { testPort } from './support/lanes';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { startOpenStackSimulator, type OpenStackSimulator } from '../tools/openstack-sim/src';
import { ensureK8s, K8S_UP_TIMEOUT_MS, readVimConfig, type K8sControlPlane } from './support/k8s';
import { entryPoint, killGroup, startProduct, waitForHttp, type ProductProcess } from './support/product-process';
import { ensureTackerCli, tackerCli, TACKER_CLI_INSTALL_TIMEOUT_MS, type TackerCli } from './support/tacker-cli';
import { pollUntil } from './support/poll';

jest.setTimeout(120_000);

interface VimShown {
  id: string;
  name: string;
  status: string;
  status_reason?: string;
  is_default: boolean;
  type: string;
  auth_cred: string;
}
type VimListed = Record<'ID' | 'Name' | 'Type' | 'Status' | 'Is Default', string | boolean>;

// Needs `npm run build`: the standalone product runs as its own process, driven by Tacker's real CLI.
describe('VIM registry through the Tacker CLI (openstack vim ...)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-vim-e2e-'));
  const port = String(testPort());
  let product: ProductProcess | undefined;
  let sim: OpenStackSimulator;
  let cp: K8sControlPlane;
  let cli: TackerCli;
  let secrets: string[];
  const file = (name: string, content: Record<string, unknown>) => {
    const path = join(dataDir, name);
    writeFileSync(path, stringify(content), { mode: 0o600 });
    return path;
  };
  const osVimFile = (password: string) =>
    file(`os-${password}.yaml`, {
      auth_url: sim.credentials.authUrl,
      username: sim.credentials.username,
      password,
      project_name: sim.credentials.projectName,
      project_domain_name: 'Default',
      user_domain_name: 'Default',
      cert_verify: 'True',
    });
  /** Every output of the product and the CLI so far, to prove no secret ever appears in it. */
  const transcript: string[] = [];
  const openstack = async (...args: string[]) => {
    const result = await cli.run(args);
    transcript.push(result.stdout, result.stderr);
    return result;
  };
  const shown = async (...args: string[]) => {
    const result = await openstack(...args, '-f', 'json');
    if (result.code !== 0) throw new Error(`openstack ${args.join(' ')} failed: ${result.stderr}`);
    return JSON.parse(result.stdout) as VimShown;
  };

  beforeAll(async () => {
    const [openstackPath, controlPlane] = await Promise.all([ensureTackerCli(), ensureK8s()]);
    cp = controlPlane;
    sim = await startOpenStackSimulator({ delayMs: 0 });
    secrets = ['mySecretPW', 'wrong-password-42', cp.adminToken, 'BEGIN CERTIFICATE'];
    product = startProduct(process.execPath, [entryPoint('standalone')], {
      VNFM_PORT: port,
      VNFM_DATA_DIR: join(dataDir, 'data'),
      VNFM_LOG_LEVEL: 'debug',
    });
    await waitForHttp(`http://127.0.0.1:${port}/health`);
    cli = tackerCli(openstackPath, `http://127.0.0.1:${port}`, readFileSync(join(dataDir, 'data', 'admin-token'), 'utf8').trim());
  }, K8S_UP_TIMEOUT_MS + TACKER_CLI_INSTALL_TIMEOUT_MS);

  afterAll(async () => {
    if (product) await killGroup(product, 'SIGTERM');
    await sim?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('registers the Kubernetes VIM file of k8s.sh as REACHABLE, secrets masked', async () => {
    const vim = await shown('vim', 'register', '--config-file', cp.vimFile, '--description', 'kube-apiserver built from source', 'k8s-vim');
    expect(vim).toMatchObject({ name: 'k8s-vim', type: 'kubernetes', status: 'REACHABLE', is_default: false });
    expect(JSON.parse(vim.auth_cred)).toEqual({ bearer_token: '***', ssl_ca_cert: '***', auth_url: cp.authUrl, cert_verify: 'True' });
  });

  it("registers the OIDC VIM file of k8s.sh (Tacker's oidc_token_url form, a real provider) as REACHABLE, password and client secret masked", async () => {
    const oidc = await readVimConfig(cp.oidcVimFile);
    secrets.push(String(oidc['password']), String(oidc['client_secret']));
    const vim = await shown('vim', 'register', '--config-file', cp.oidcVimFile, 'k8s-oidc-vim');
    expect(vim).toMatchObject({ name: 'k8s-oidc-vim', type: 'kubernetes', status: 'REACHABLE' });
    expect(JSON.parse(vim.auth_cred)).toMatchObject({
      oidc_token_url: oidc['oidc_token_url'],
      username: oidc['username'],
      password: '***',
      client_secret: '***',
    });
    expect((await openstack('vim', 'delete', 'k8s-oidc-vim')).code).toBe(0);
  });

  it('registers the OpenStack simulator as the default VIM, REACHABLE', async () => {
    const vim = await shown('vim', 'register', '--config-file', osVimFile('mySecretPW'), '--is-default', 'os-vim');
    expect(vim).toMatchObject({ name: 'os-vim', type: 'openstack', status: 'REACHABLE', is_default: true });
    expect(JSON.parse(vim.auth_cred)).toMatchObject({ username: 'nfv_user', password: '***' });
  });

  it('registers a VIM with a wrong password as UNREACHABLE and says why', async () => {
    const vim = await shown('vim', 'register', '--config-file', osVimFile('wrong-password-42'), 'os-wrong');
    expect(vim.status).toBe('UNREACHABLE');
    expect(vim.status_reason).toContain('refused the credentials (HTTP 401)');
  });

  it('lists and shows the VIMs (by name, as operators do) without a secret', async () => {
    const list = await openstack('vim', 'list', '--long', '-f', 'json');
    expect(list.code).toBe(0);
    const vims = JSON.parse(list.stdout) as VimListed[];
    expect(vims.map((vim) => [vim.Name, vim.Type, vim.Status, vim['Is Default']])).toEqual([
      ['k8s-vim', 'kubernetes', 'REACHABLE', false],
      ['os-vim', 'openstack', 'REACHABLE', true],
      ['os-wrong', 'openstack', 'UNREACHABLE', false],
    ]);
    expect((await openstack('vim', 'list')).stdout).toMatch(/\| k8s-vim +\| admin +\| kubernetes +\| False +\| REACHABLE +\|/);
    expect(await shown('vim', 'show', 'k8s-vim')).toMatchObject({ name: 'k8s-vim', status: 'REACHABLE' });
  });

  it('fixes the wrong password with `vim set` and moves the default with --is-default', async () => {
    const fixed = await shown('vim', 'set', '--config-file', osVimFile('mySecretPW'), '--description', 'password fixed', 'os-wrong');
    expect(fixed).toMatchObject({ status: 'REACHABLE', description: 'password fixed' });
    await shown('vim', 'set', '--is-default', 'True', 'k8s-vim');
    expect((await shown('vim', 'show', 'os-vim')).is_default).toBe(false);
    expect((await shown('vim', 'show', 'k8s-vim')).is_default).toBe(true);
  });

  it('refuses a VIM file the server finds invalid, with the reason, and registers nothing', async () => {
    const bad = file('bad-namespace.yaml', {
      auth_url: cp.authUrl,
      bearer_token: 'x',
      project_name: 'Not_A_Namespace',
      type: 'kubernetes',
      ssl_ca_cert: 'None',
    });
    const result = await openstack('vim', 'register', '--config-file', bad, 'bad-vim');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('vim.vim_project.name (the Kubernetes namespace) must be a DNS-1123 label');
    expect((await openstack('vim', 'show', 'bad-vim')).code).not.toBe(0);
  });

  it('deletes VIMs and destroys their data keys', async () => {
    const keys = join(dataDir, 'data', 'vim-registry', 'data-keys');
    const doomed = await shown('vim', 'show', 'os-wrong');
    expect(existsSync(join(keys, `${doomed.id}.key`))).toBe(true);
    const deleted = await openstack('vim', 'delete', 'os-wrong');
    expect(deleted.stdout).toContain('All specified vim(s) deleted successfully');
    expect(existsSync(join(keys, `${doomed.id}.key`))).toBe(false);
    expect(readdirSync(keys)).toHaveLength(2);
    const gone = await openstack('vim', 'show', 'os-wrong');
    expect(gone.stderr).toContain("Unable to find vim with name 'os-wrong'");
  });

  it("checks a Kubernetes VIM file without ssl_ca_cert against the system's trusted CAs, and turns checks off only for ssl_ca_cert None", async () => {
    const admin = await readVimConfig(cp.vimFile);
    const withoutCa = Object.fromEntries(Object.entries(admin).filter(([key]) => key !== 'ssl_ca_cert'));
    const unchecked = await shown('vim', 'register', '--config-file', file('k8s-no-ca.yaml', withoutCa), 'k8s-no-ca');
    expect(unchecked).toMatchObject({
      status: 'UNREACHABLE',
      status_reason: expect.stringContaining("checked against the system's trusted CAs"),
    });
    expect(JSON.parse(unchecked.auth_cred)).toEqual({ bearer_token: '***', auth_url: cp.authUrl, cert_verify: 'True' });
    expect(product?.lines.join('\n')).not.toContain('VIM certificate checks are off');

    const off = await shown('vim', 'register', '--config-file', file('k8s-none.yaml', { ...withoutCa, ssl_ca_cert: 'None' }), 'k8s-none');
    expect(off.status).toBe('REACHABLE');
    expect(JSON.parse(off.auth_cred)).toEqual({ bearer_token: '***', ssl_ca_cert: 'None', auth_url: cp.authUrl, cert_verify: 'False' });
    // The product's log is read as it comes: wait for the line rather than take what has arrived so far.
    const warning = await pollUntil(
      'the warning about ssl_ca_cert None in the log',
      () => product?.lines.find((line) => line.includes('VIM certificate checks are off (ssl_ca_cert is None)')),
      (line) => line !== undefined,
      10_000,
    );
    expect(JSON.parse(warning ?? '{}')).toMatchObject({ level: 'warn', vimId: off.id, name: 'k8s-none' });
    for (const name of ['k8s-no-ca', 'k8s-none']) expect((await openstack('vim', 'delete', name)).code).toBe(0);
  });

  it('refuses a bearer token with a line break (a token file read whole) at register and at set, without echoing it', async () => {
    const admin = await readVimConfig(cp.vimFile);
    const broken = file('k8s-token-lf.yaml', { ...admin, bearer_token: `${cp.adminToken}\n` });
    const expected = 'vim.auth_cred.bearer_token holds a line break (CR or LF), which an HTTP header cannot carry';
    const registered = await openstack('vim', 'register', '--config-file', broken, 'k8s-token-lf');
    expect(registered.code).not.toBe(0);
    expect(registered.stderr).toContain(expected);
    expect((await openstack('vim', 'show', 'k8s-token-lf')).code).not.toBe(0);
    const set = await openstack('vim', 'set', '--config-file', broken, 'k8s-vim');
    expect(set.code).not.toBe(0);
    expect(set.stderr).toContain(expected);
    expect((await shown('vim', 'show', 'k8s-vim')).status).toBe('REACHABLE');
  });

  it('never let a secret reach a CLI output, a log line or a stored event', () => {
    const eventLog = readFileSync(join(dataDir, 'data', 'vim-registry', 'events.log')).toString('latin1');
    const everything = [...transcript, ...(product?.lines ?? []), eventLog].join('\n');
    expect(everything).toContain('k8s-vim');
    for (const secret of secrets) expect([secret, everything.includes(secret)]).toEqual([secret, false]);
  });
});
