import { AppError } from '@vnfm/contracts';
import type { RunResult } from '../../ssh/remote-shell';

const MAX_CAUSE = 2000;
const CAUSE_LINES = 20;

/**
 * Why install_k8s_cluster.sh failed, from its (already masked) output: the
 * script traces every command on stderr (`set -x`, lines starting with `+`)
 * and says what failed on stdout ("Install Failed! ..."), so the cause is the
 * last lines of both that are not a trace.
 */
function installCause(result: RunResult): string {
  const lines = `${result.stdout}\n${result.stderr}`
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !/^\++ /.test(line));
  const cause = lines.slice(-CAUSE_LINES).join('\n');
  return cause.length > MAX_CAUSE ? `...${cause.slice(-MAX_CAUSE)}` : cause;
}

/** The hook fails with the node, the command run there (masked), its exit code and the script's own words. */
export function installFailed(where: string, command: string, result: RunResult): AppError {
  return new AppError(
    'KUBEADM_INSTALL_FAILED',
    502,
    'Bad Gateway',
    `install_k8s_cluster.sh failed on ${where} (exit code ${result.code}): ${command}; ${installCause(result) || 'no output'}`,
  );
}
