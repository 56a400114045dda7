import { AppError } from '@vnfm/contracts';

/**
 * A URI query parameter that does not follow ETSI GS NFV-SOL 013 §5: a 400
 * ProblemDetails naming the parameter, wherever it surfaces.
 */
export class SolQueryError extends AppError {
  constructor(
    readonly parameter: string,
    readonly reason: string,
  ) {
    super('INVALID_QUERY', 400, 'Bad Request', `Invalid ${parameter}: ${reason}`);
    this.name = 'SolQueryError';
  }
}
