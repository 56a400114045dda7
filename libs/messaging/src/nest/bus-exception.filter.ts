import { Catch, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';

/**
 * Nest replaces exceptions thrown by message handlers with a generic
 * "Internal server error" object. The bus needs the original: an AppError
 * becomes a refusal sent to the caller, anything else is retried and
 * dead-lettered. Install on every microservice using the bus transport.
 */
@Catch()
export class BusExceptionFilter implements RpcExceptionFilter {
  catch(exception: unknown): Observable<never> {
    return throwError(() => exception);
  }
}
