import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@vnfm/contracts';
import { EmbeddedEventStore } from '@vnfm/event-store';
import { ensureSshHosts, type SshHosts } from '../../../../e2e/support/ssh-hosts';
import { HostKeyPins } from './host-key-pins';
import type { RemoteSession, SshTarget } from './remote-shell';
import { SshRemoteShell } from './ssh-remote-shell';

// Real sshd processes on loopback (tools/ssh-hosts), one per simulated VM.
jest.setTimeout(120_000);

/** Strings a shell would act on if an argument reached it unquoted. */
const HOSTILE = [
  '$(touch /tmp/pwned)',
  '`touch /tmp/pwned`',
  '`id`',
  '; touch /tmp/pwned',
  '; rm -rf x',
  '&& touch /tmp/pwned',
  '| touch /tmp/pwned',
  "'",
  '"',
  "'; touch /tmp/pwned; '",
  '"; touch /tmp/pwned; "',
  'a\nb',
  '\ntouch /tmp/pwned\n',
  '*',
  '~',
  '~root',
  '-e',
  '--help',
  '$HOME',
  '${IFS}',
  '\\',
  'tab\there',
  ' leading and trailing ',
  '>/tmp/pwned',
  '<x',
  '!!',
  '#comment',
  'ünïcödé ✓',
  '',
];

describe('SshRemoteShell on real SSH hosts: quoting, host key pinning, timeouts, masking, abort, faults', () => {
  let hosts: SshHosts;
  let vm: string;
  let store: EmbeddedEventStore;
  let pins: HostKeyPins;
  let shell: SshRemoteShell;
  const dataDir = mkdtempSync(join(tmpdir(), 'ssh-shell-spec-'));
  const sessions: RemoteSession[] = [];
  const base = `/tmp/ssh-shell-spec-${randomUUID()}`;

  const target = (overrides: Partial<SshTarget> = {}): SshTarget => ({
    host: vm,
    port: hosts.port,
    username: 'vnfm',
    password: hosts.users['vnfm'],
    pinId: `vnfc-${vm}`,
    ...overrides,
  });
  const open = async (overrides: Partial<SshTarget> = {}, signal = new AbortController().signal, secrets: string[] = []) => {
    const session = await shell.open(target(overrides), signal, secrets);
    sessions.push(session);
    return session;
  };
  const failureOf = async (promise: Promise<unknown>): Promise<AppError> => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  beforeAll(async () => {
    hosts = await ensureSshHosts();
    // Addresses from the end of the pool: LCM tests take the simulator's first ones.
    vm = hosts.vms[hosts.vms.length - 4] ?? '';
    store = await EmbeddedEventStore.open({ dataDir });
    pins = new HostKeyPins(store);
    shell = new SshRemoteShell(pins, 5_000);
    const session = await open();
    await session.run(['mkdir', '-p', `${base}/x`], { cwd: '/' });
  }, 600_000);

  afterAll(async () => {
    const session = await open().catch(() => undefined);
    await session?.run(['rm', '-rf', base]);
    await Promise.all(sessions.map((session) => session.close()));
    await store?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('passes every hostile string through argv, cwd and stdin byte for byte, and runs none of them', async () => {
    const session = await open();
    for (const hostile of HOSTILE) {
      const echoed = await session.run(['printf', '%s', hostile], { cwd: base });
      expect(echoed.stdout).toBe(hostile);
      // Every position of argv, the program's own name included.
      const all = await session.run(['sh', '-c', 'printf "%s|" "$0" "$@"', hostile, hostile, 'after']);
      expect(all.stdout).toBe(`${hostile}|${hostile}|after|`);
      expect((await session.run(['cat'], { stdin: hostile })).stdout).toBe(hostile);
    }
    // A directory named by each hostile string, then run there.
    for (const hostile of HOSTILE.filter((name) => name !== '' && !name.includes('/'))) {
      await session.run(['mkdir', '--', `${base}/${hostile}`]);
      expect((await session.run(['pwd'], { cwd: `${base}/${hostile}` })).stdout).toBe(`${base}/${hostile}\n`);
    }
    expect((await session.run(['test', '-e', '/tmp/pwned'], { allowFailure: true })).code).toBe(1);
    expect((await session.run(['test', '-d', `${base}/x`], { allowFailure: true })).code).toBe(0);
  });

  it('puts files at hostile paths over SFTP byte for byte (parent directories made), with the mode asked', async () => {
    const session = await open();
    for (const [index, hostile] of HOSTILE.entries()) {
      if (hostile === '') continue;
      const path = `${base}/put-${index}/${hostile}/file ${hostile}`;
      await session.put(`content of ${hostile}`, path, 0o640);
      expect((await session.run(['cat', '--', path])).stdout).toBe(`content of ${hostile}`);
      expect((await session.run(['stat', '-c', '%a', '--', path])).stdout).toBe('640\n');
    }
    const binary = Buffer.from(Array.from({ length: 256 * 1024 }, (_, i) => (i * 7) % 256));
    await session.put(binary, `${base}/binary.bin`);
    expect((await session.run(['sha256sum', `${base}/binary.bin`])).stdout.split(' ')[0]).toBe(
      createHash('sha256').update(binary).digest('hex'),
    );
    expect((await session.run(['test', '-e', '/tmp/pwned'], { allowFailure: true })).code).toBe(1);
  });

  it('logs in with the key as well as the password', async () => {
    const session = await open({ password: undefined, privateKey: readFileSync(hosts.keyPath, 'utf8') });
    expect((await session.run(['id', '-un'])).stdout).toBe('vnfm\n');
  });

  it('pins the host key on first use, accepts it again, and refuses a changed key naming host and both fingerprints', async () => {
    const pinId = `vnfc-pin-${randomUUID()}`;
    expect(await pins.pinned(pinId)).toBeUndefined();
    await open({ pinId });
    const pinned = await pins.pinned(pinId);
    expect(pinned).toMatchObject({
      pinId,
      host: vm,
      port: hosts.port,
      keyType: expect.stringMatching(/^ssh-|^ecdsa-/),
      fingerprint: expect.stringMatching(/^SHA256:[A-Za-z0-9+/]{43}$/),
    });
    await open({ pinId });
    expect(await store.readStream(`sshHostKey-${pinId}`)).toHaveLength(1);

    const forged = `vnfc-forged-${randomUUID()}`;
    await pins.record({
      pinId: forged,
      host: vm,
      port: hosts.port,
      keyType: 'ssh-ed25519',
      fingerprint: 'SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    const refused = await failureOf(open({ pinId: forged }));
    expect(refused.code).toBe('SSH_HOST_KEY_MISMATCH');
    expect(refused.detail).toContain(vm);
    expect(refused.detail).toContain('SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(refused.detail).toContain(pinned?.fingerprint);
  });

  it('kills a command that outlives its timeout, its sudo children too, and says which and after how long', async () => {
    const session = await open();
    const started = Date.now();
    const plain = await failureOf(session.run(['sleep', '47'], { timeoutMs: 1_000 }));
    expect(plain.detail).toMatch(/did not end within 1 s and was killed: 'sleep' '47'/);
    const sudo = await failureOf(session.run(['sudo', '-n', 'sleep', '48'], { timeoutMs: 1_000 }));
    expect(sudo.detail).toContain("'sudo' '-n' 'sleep' '48'");
    expect(Date.now() - started).toBeLessThan(15_000);
    const left = await session.run(['pgrep', '-f', 'sleep 4[78]'], { allowFailure: true });
    expect(left).toMatchObject({ code: 1, stdout: '' });
  });

  it('masks every secret of the session in output and errors, the login password included', async () => {
    const secret = `s3cr3t-${randomUUID()}`;
    const session = await open({}, undefined, [secret]);
    const shown = await session.run(['sh', '-c', 'echo "out $1 $2"; echo "err $1" >&2; exit 3', 'sh', secret, hosts.users['vnfm'] ?? ''], {
      allowFailure: true,
    });
    expect(shown).toEqual({ code: 3, stdout: 'out [SECRET] [SECRET]\n', stderr: 'err [SECRET]\n' });
    const failed = await failureOf(session.run(['sh', '-c', 'echo "bad $1" >&2; exit 4', 'sh', secret]));
    expect(failed.code).toBe('REMOTE_COMMAND_FAILED');
    expect(failed.detail).toContain('exited with code 4');
    expect(failed.detail).toContain('bad [SECRET]');
    expect(failed.detail).not.toContain(secret);
  });

  it('caps a large output, keeping its head and tail and saying how much was cut', async () => {
    const session = await open();
    const { stdout } = await session.run(['sh', '-c', 'echo first; head -c 3000000 /dev/zero | tr "\\0" a; echo; echo last']);
    expect(stdout.length).toBeLessThan(300_000);
    expect(stdout.startsWith('first\naaa')).toBe(true);
    expect(stdout.endsWith('aaa\nlast\n')).toBe(true);
    expect(stdout).toMatch(/\[\.\.\. \d+ bytes of output cut \.\.\.\]/);
  });

  it('ends the session and its running command when the signal is aborted', async () => {
    const controller = new AbortController();
    const session = await open({}, controller.signal);
    const running = session.run(['sleep', '49']);
    setTimeout(() => controller.abort(new Error('step abandoned')), 500);
    const started = Date.now();
    await expect(running).rejects.toThrow('step abandoned');
    expect(Date.now() - started).toBeLessThan(10_000);
    const check = await open();
    // The abort TERMs the command's group before the connection goes.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await check.run(['pgrep', '-f', 'sleep 4[9]'], { allowFailure: true })).code).toBe(1);
  });

  it('fails a command whose connection is lost (its sshd killed) saying so (unknown whether it completed)', async () => {
    const session = await open();
    // The nearest sshd above the command is this connection's session process (running as the user).
    const killSession =
      'p=$PPID; while [ "$(ps -o comm= -p "$p")" != sshd ]; do p=$(ps -o ppid= -p "$p" | tr -d " "); done; kill -KILL "$p"; sleep 5';
    const lost = await failureOf(session.run(['sh', '-c', killSession]));
    expect(lost.detail).toMatch(
      /SSH connection to vnfm@.* was lost while a command ran .*whether it completed there is unknown: 'sh' '-c'/,
    );
    expect((await (await open()).run(['true'])).code).toBe(0);
  });

  it('fails a login to a host that never completes the SSH handshake with a timeout', async () => {
    // Accepts TCP and says nothing, as a hung sshd does.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const timedOut = await failureOf(open({ host: '127.0.0.1', port: (silent.address() as AddressInfo).port, pinId: 'silent' }));
      expect(timedOut).toMatchObject({ code: 'SSH_TIMEOUT', status: 504 });
      expect(timedOut.detail).toContain('vnfm@127.0.0.1:');
    } finally {
      silent.close();
    }
  });

  it('maps connection faults to clear errors: unreachable host, refused password (never repeated)', async () => {
    const unreachable = await failureOf(open({ host: '127.10.0.199', pinId: 'vnfc-nowhere' }));
    expect(unreachable).toMatchObject({ code: 'SSH_UNREACHABLE', status: 502 });
    expect(unreachable.detail).toContain('127.10.0.199');
    const refused = await failureOf(open({ password: 'wrong-pass-7f3a' }));
    expect(refused).toMatchObject({ code: 'SSH_AUTH_REFUSED' });
    expect(refused.detail).toContain(`vnfm@${vm}`);
    expect(refused.detail).not.toContain('wrong-pass-7f3a');
  });
});
