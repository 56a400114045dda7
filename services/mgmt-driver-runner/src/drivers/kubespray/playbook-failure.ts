import { AppError } from '@vnfm/contracts';
import type { RunResult } from '../../ssh/remote-shell';

const MAX_CAUSE = 2000;
/** ansible-playbook's lines that say what failed (its errors go to stdout, not stderr). */
const FAILURE_LINE = /^(fatal:|failed:|ERROR!|\[ERROR\])|UNREACHABLE!|FAILED!|"msg":/;

/** Why a playbook failed, from its (already masked) output: the failure lines, else the output's end. */
export function playbookCause(result: RunResult): string {
  const lines = `${result.stdout}\n${result.stderr}`.split('\n').map((line) => line.trim());
  const failures = lines.filter((line) => FAILURE_LINE.test(line)).join('\n');
  const cause = failures || lines.filter(Boolean).join('\n');
  return cause.length > MAX_CAUSE ? `...${cause.slice(-MAX_CAUSE)}` : cause;
}

/** The hook fails with the command run on the Ansible server, its exit code and the playbook's failure. */
export function playbookFailed(server: string, command: readonly string[], result: RunResult): AppError {
  return new AppError(
    'KUBESPRAY_PLAYBOOK_FAILED',
    502,
    'Bad Gateway',
    `kubespray playbook failed on the Ansible server ${server} (exit code ${result.code}): ${command.join(' ')}; ${playbookCause(result) || 'no output'}`,
  );
}
