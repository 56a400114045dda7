import { errorMessage } from '@vnfm/util';
import { AppError, type HookContext } from '@vnfm/contracts';

/** A failure of the generic driver's run (not an abort: the step host reports those itself), saying which hook, artifact and host it was: an AppError keeps its code and status, anything else is a 502. */
export function hookFailure(context: HookContext, where: string, error: unknown): unknown {
  const prefix = `Hook ${context.hook} (artifact ${context.artifact.path}, generic MgmtDriver) on ${where}`;
  if (error instanceof AppError) return new AppError(error.code, error.status, error.title, `${prefix}: ${error.detail}`);
  return new AppError('GENERIC_MGMT_DRIVER_FAILED', 502, 'Bad Gateway', `${prefix}: ${errorMessage(error)}`);
}
