import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '@vnfm/contracts';

/** What this middleware reads of the router's route layers (express 5 `router`). */
interface RouteLayer {
  route?: { _methods(): string[] };
  match(path: string): unknown;
}

/**
 * RFC 9110 §15.5.6 (SOL 013 §6.4 lists 405 among the common error codes): a
 * request whose path names a resource but whose method the resource does
 * not support answers 405 ProblemDetails with `Allow` listing the methods it
 * does support. The methods come from the routes registered with the
 * router, so every controller, present or future, is covered by this one
 * rule. A path no route matches goes on to the 404 ProblemDetails.
 */
export function refuseUnsupportedMethods(app: NestExpressApplication) {
  const router = (app.getHttpAdapter().getInstance() as unknown as { router: { stack: RouteLayer[] } }).router;
  return (request: Request, response: Response, next: NextFunction): void => {
    const allowed = new Set<string>();
    try {
      for (const layer of router.stack)
        if (layer.route && layer.match(request.path)) layer.route._methods().forEach((method) => allowed.add(method));
    } catch {
      // The router decodes path parameters as it matches: `%E0%A4%A` is no text.
      return next(new AppError('INVALID_PATH', 400, 'Bad Request', 'The request path has a malformed percent-encoding.'));
    }
    if (allowed.size === 0 || allowed.has(request.method)) return next();
    const allow = [...allowed].sort().join(', ');
    response.setHeader('Allow', allow);
    next(
      new AppError(
        'METHOD_NOT_ALLOWED',
        405,
        'Method Not Allowed',
        `${request.method} is not supported by ${request.path.slice(0, 200)}; it supports ${allow}.`,
      ),
    );
  };
}
