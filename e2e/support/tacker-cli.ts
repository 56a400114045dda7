import { execFile } from 'node:child_process';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './infra-script';
import type { KeystoneLogin } from './keystone';

const run = promisify(execFile);

// A first install runs apt-get update and install: minutes on a cold machine.
export const TACKER_CLI_INSTALL_TIMEOUT_MS = 10 * 60_000;
const COMMAND_TIMEOUT_MS = 120_000;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Tacker's own command line pointed at one VNFM (with the admin token, or a Keystone login). */
export interface TackerCli {
  /** The VNFM it talks to, and its admin token (a test's polls read the API directly: see VnflcmCli). */
  readonly endpoint: string;
  readonly token: string;
  /** Runs `openstack <args>`; never throws for a non-zero exit: the result says how it ended. */
  run(args: string[]): Promise<CliResult>;
  /** Runs `openstack <args> -f json` and parses the output; throws with stderr when the command fails. */
  json<T>(args: string[]): Promise<T>;
}

let installed: Promise<string> | undefined;

/** Installs python3-tackerclient and python3-openstackclient unless present (tools/tacker-cli/install.sh); resolves with the `openstack` path. */
export function ensureTackerCli(): Promise<string> {
  installed ??= run('bash', [join(REPO_ROOT, 'tools/tacker-cli/install.sh')], {
    cwd: REPO_ROOT,
    timeout: TACKER_CLI_INSTALL_TIMEOUT_MS,
    maxBuffer: 16 * 1024 * 1024,
  })
    .then(({ stdout }) => {
      const path = stdout
        .trim()
        .split('\n')
        .pop()
        ?.match(/^TACKER_CLI=(\S+)$/)?.[1];
      if (!path) throw new Error(`tools/tacker-cli/install.sh did not print TACKER_CLI=...; output:\n${stdout}`);
      return path;
    })
    .catch((error: unknown) => {
      installed = undefined;
      throw error;
    });
  return installed;
}

/**
 * The CLI as an operator runs it against this VNFM: admin token auth at the
 * gateway's endpoint. `OS_*` variables of the caller's environment are left
 * out so they cannot redirect it to another cloud.
 */
export function tackerCli(openstack: string, endpoint: string, token: string): TackerCli {
  return cliWith(openstack, ['--os-auth-type', 'admin_token', '--os-token', token, '--os-endpoint', endpoint], endpoint, token);
}

/**
 * The CLI as a Tacker user runs it: nothing but a Keystone login, the
 * VNFM's endpoint found in the catalog (`nfv-orchestration`). `endpoint` and
 * `token` (one of the login's tokens) are for a test's direct reads.
 */
export function keystoneTackerCli(
  openstack: string,
  login: KeystoneLogin & { region?: string },
  endpoint: string,
  token: string,
): TackerCli {
  const auth = [
    ['--os-auth-url', login.authUrl],
    ['--os-username', login.username],
    ['--os-password', login.password],
    ['--os-project-name', login.projectName],
    ['--os-user-domain-name', login.userDomainName],
    ['--os-project-domain-name', login.projectDomainName],
    login.region ? ['--os-region-name', login.region] : [],
  ].flat();
  return cliWith(openstack, auth, endpoint, token);
}

function cliWith(openstack: string, base: string[], endpoint: string, token: string): TackerCli {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OS_'))) as Record<string, string>;
  const socket = process.env.VNFM_TEST_TACKER_CLI_SOCKET;
  const cli: TackerCli = {
    endpoint,
    token,
    run: (args) => (socket ? runForked(socket, [...base, ...args], env) : runProcess(openstack, [...base, ...args], env)),
    async json<T>(args: string[]) {
      const result = await cli.run([...args, '-f', 'json']);
      if (result.code !== 0) throw new Error(`openstack ${args.join(' ')} exited ${result.code}: ${result.stderr.trim()}`);
      return JSON.parse(result.stdout) as T;
    },
  };
  return cli;
}

async function runProcess(openstack: string, argv: string[], env: Record<string, string>): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(openstack, argv, { env, timeout: COMMAND_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/**
 * The same command through tools/tacker-cli's fork server (`tacker-cli.sh up`, which tools/test.sh starts): the
 * unmodified CLI forked from an interpreter that has its modules loaded, so the command costs no start-up.
 */
function runForked(socket: string, argv: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const connection = createConnection(socket);
    const chunks: Buffer[] = [];
    connection.setTimeout(COMMAND_TIMEOUT_MS + 5_000, () =>
      connection.destroy(new Error(`openstack ${argv.join(' ')}: no answer in ${COMMAND_TIMEOUT_MS} ms`)),
    );
    connection.on('data', (chunk: Buffer) => chunks.push(chunk));
    connection.on('error', reject);
    connection.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text.endsWith('\n'))
        return reject(new Error(`openstack ${argv.join(' ')}: the fork server closed without an answer (killed past its timeout?)`));
      resolve(JSON.parse(text) as CliResult);
    });
    connection.end(`${JSON.stringify({ argv, env, cwd: process.cwd(), timeoutS: COMMAND_TIMEOUT_MS / 1000 })}\n`);
  });
}
