import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { AppError } from '@vnfm/contracts';
import { reportUnexpected, type Logger } from '@vnfm/telemetry';

/**
 * The one ProblemDetails mapper of the HTTP edge (RFC 7807 as profiled by
 * ETSI GS NFV-SOL 013 §6.3): every refusal is `application/problem+json`
 * with type, title, status and detail.
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const problem = toProblem(exception);
    if (!(exception instanceof AppError || exception instanceof HttpException)) reportUnexpected(this.logger, exception, 'HTTP request');
    else if (problem.status >= 500) this.logger.error({ error: exception }, `request failed: ${problem.detail}`);
    if (response.headersSent) return void response.end();
    response.status(problem.status).type('application/problem+json').send(JSON.stringify(problem));
  }
}

function toProblem(exception: unknown): { type: string; title: string; status: number; detail: string } {
  if (exception instanceof AppError) {
    return { type: `urn:vnfm:problem:${exception.code}`, title: exception.title, status: exception.status, detail: exception.detail };
  }
  if (exception instanceof HttpException) {
    const body = exception.getResponse();
    const detail = typeof body === 'string' ? body : [(body as { message?: unknown }).message].flat().join('; ');
    return { type: 'about:blank', title: exception.name.replace(/Exception$/, ''), status: exception.getStatus(), detail };
  }
  return { type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'The VNF Manager could not complete the request.' };
}
