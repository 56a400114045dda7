import { AppError } from '@vnfm/contracts';
import type { StepHandler } from '@vnfm/step-host';

/**
 * A management hook (`<op>_start` / `<op>_end` of the VNFD's Vnflcm
 * interface). No MgmtDriver is installed in this runner yet, so the step
 * fails with a clear reason: the operation stops at that step in
 * FAILED_TEMP, where it can be rolled back or failed (SOL 003 §5.4.1.2).
 */
export const runHook: StepHandler<'hook'> = async (_context, action) => {
  throw new AppError(
    'MGMT_DRIVER_NOT_AVAILABLE',
    422,
    'Unprocessable Entity',
    `The VNFD declares the ${action.hook} hook for this operation, but no MgmtDriver is available to run it in this VNF Manager.`,
  );
};
