import { posix } from 'node:path';
import type { HookOutputs } from '@vnfm/contracts';
import type { HostKeyPins } from '../../ssh/host-key-pins';
import { ansibleInventory } from './ansible-inventory';
import { ansibleServerOf, vnfcLoginOf } from './generic-logins';
import type { VnfcTarget } from './generic-targets';
import { hookDocument } from './hook-document';
import { hookFailure } from './hook-failure';
import { readOutputs, withRunDir } from './run-dir';
import { logRun, type ScriptRun } from './script-run';

/**
 * The host keys Ansible may accept, as known_hosts lines: the runner logs in
 * to each VNFC itself first (which pins its key on first use and checks the
 * login), so the playbook's SSH trusts exactly the pinned keys.
 */
async function knownHosts(run: Omit<ScriptRun, 'login'>, pins: HostKeyPins, targets: readonly VnfcTarget[]): Promise<string> {
  if (targets.length === 0) return '';
  const login = vnfcLoginOf(run.context, run.inputs);
  const lines: string[] = [];
  for (const target of targets) {
    const where = `VNFC ${target.vnfc.id} (${target.vnfc.vduId}, ${target.address})`;
    try {
      await (await run.shell.open({ host: target.address, ...login, pinId: target.pinId }, run.signal, run.secrets)).close();
    } catch (error) {
      throw run.signal.aborted ? error : hookFailure(run.context, where, error);
    }
    const pin = await pins.pinned(target.pinId);
    const port = login.port ?? 22;
    if (pin?.key) lines.push(`${port === 22 ? target.address : `[${target.address}]:${port}`} ${pin.keyType} ${pin.key}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Runs the package's playbook on the Ansible server of the request:
 * `ansible-playbook -i <inventory of the VNFCs> <playbook>` from the
 * playbook's directory, with VNFM_HOOK_CONTEXT / VNFM_HOOK_OUTPUTS set and
 * passed as the extra vars vnfm_hook_context / vnfm_hook_outputs.
 */
export async function runPlaybook(
  run: Omit<ScriptRun, 'login'>,
  pins: HostKeyPins,
  targets: readonly VnfcTarget[],
): Promise<HookOutputs | undefined> {
  const server = ansibleServerOf(run.context, run.inputs);
  const login = targets.length > 0 ? vnfcLoginOf(run.context, run.inputs) : undefined;
  const trusted = await knownHosts(run, pins, targets);
  const where = `Ansible server ${server.host}`;
  try {
    const session = await run.shell.open({ ...server, pinId: `ansible:${server.host}` }, run.signal, run.secrets);
    try {
      return await withRunDir(session, run.packageFiles, hookDocument(run.context, run.inputs, undefined), async (dir) => {
        const knownHostsPath = posix.join(dir.dir, 'known_hosts');
        const inventoryPath = posix.join(dir.dir, 'inventory.yml');
        await session.put(trusted, knownHostsPath, 0o600);
        await session.put(ansibleInventory(targets, login, knownHostsPath), inventoryPath, 0o600);
        const playbook = dir.packagePath(run.context.artifact.path);
        const extraVars = JSON.stringify({ vnfm_hook_context: dir.context, vnfm_hook_outputs: dir.outputs });
        const argv = [
          'env',
          `VNFM_HOOK_CONTEXT=${dir.context}`,
          `VNFM_HOOK_OUTPUTS=${dir.outputs}`,
          'ansible-playbook',
          '-i',
          inventoryPath,
          '-e',
          extraVars,
          playbook,
        ];
        logRun(run, where, await session.run(argv, { cwd: posix.dirname(playbook), timeoutMs: run.settings.timeoutMs }));
        return readOutputs(session, dir, where);
      });
    } finally {
      await session.close();
    }
  } catch (error) {
    throw run.signal.aborted ? error : hookFailure(run.context, where, error);
  }
}
