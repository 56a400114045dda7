import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './infra-script';

const run = promisify(execFile);

// Cold: debootstrap, npm ci over the network and the build on a 2-core machine (tools/image/README.md); cached: a second.
export const BUILD_TIMEOUT_MS = 40 * 60_000;

/** The settings `tools/image/image.sh build` prints on its last line. */
export interface ImageSettings {
  image: string;
  dockerHost: string;
}

/** Builds the product image unless it is current (tools/image); fails with the build's last lines. */
export async function buildImage(): Promise<ImageSettings> {
  let stdout: string;
  try {
    ({ stdout } = await run('bash', [join(REPO_ROOT, 'tools', 'image', 'image.sh'), 'build'], {
      cwd: REPO_ROOT,
      timeout: BUILD_TIMEOUT_MS,
      maxBuffer: 64 * 1024 * 1024,
    }));
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    const tail = (stderr ?? '').trim().split('\n').slice(-30).join('\n');
    throw new Error(`tools/image/image.sh build failed, so the product image cannot be used: ${message.split('\n')[0]}\n${tail}`);
  }
  const env = Object.fromEntries(
    (stdout.trim().split('\n').pop() ?? '')
      .split(/\s+/)
      .filter((pair) => pair.includes('='))
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  const image = env['VNFM_IMAGE'];
  const dockerHost = env['VNFM_IMAGE_DOCKER_HOST'];
  if (!image || !dockerHost)
    throw new Error(`tools/image/image.sh build printed no VNFM_IMAGE / VNFM_IMAGE_DOCKER_HOST line: ${stdout.slice(-500)}`);
  return { image, dockerHost };
}

/** Debian's docker client (installed by tools/docker with the daemon) talking to the image VM's dockerd. */
export class DockerClient {
  constructor(private readonly host: string) {}

  async output(...args: string[]): Promise<{ stdout: string; stderr: string }> {
    try {
      return await run('/usr/bin/docker', args, {
        env: { ...process.env, DOCKER_HOST: this.host },
        timeout: 120_000,
        maxBuffer: 16 * 1024 * 1024,
      });
    } catch (error) {
      const { stderr, message } = error as { stderr?: string; message: string };
      throw new Error(`docker ${args.join(' ')}: ${stderr?.trim() || message}`);
    }
  }

  async text(...args: string[]): Promise<string> {
    return (await this.output(...args)).stdout.trim();
  }

  /** The container's output (its stdout and stderr, which `docker logs` hands back as its own). */
  async logs(name: string, tail = 40): Promise<string> {
    const { stdout, stderr } = await this.output('logs', '--tail', String(tail), name);
    return `${stdout}${stderr}`.trim();
  }

  /** The container's address on its (one) network. */
  addressOf(name: string): Promise<string> {
    return this.text('inspect', '--format', '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}', name);
  }
}
