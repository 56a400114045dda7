import { AppError, type ProblemDetails } from '@vnfm/contracts';

/**
 * The onboardingFailureDetails of a package that could not be onboarded: a
 * PackageError (or another refusal) keeps its code and detail; anything else
 * is reported without internals (the log has them).
 */
export function onboardingFailure(error: unknown): ProblemDetails {
  if (error instanceof AppError && error.status < 500) return problem(error.code, error.status, error.detail);
  return problem('ONBOARDING_FAILED', 500, 'The VNF Manager could not process the package content; see its log for the cause.');
}

export function problem(code: string, status: number, detail: string): ProblemDetails {
  return { type: `urn:vnfm:problem:${code}`, title: code, status, detail };
}
