/**
 * A URI query parameter that does not follow ETSI GS NFV-SOL 013 §5: the
 * API renders it as a 400 ProblemDetails naming the parameter.
 */
export class SolQueryError extends Error {
  constructor(
    readonly parameter: string,
    readonly detail: string,
  ) {
    super(`${parameter}: ${detail}`);
    this.name = 'SolQueryError';
  }
}
