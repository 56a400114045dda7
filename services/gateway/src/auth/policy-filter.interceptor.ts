import { Injectable, Optional, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { from, mergeMap, type Observable } from 'rxjs';
import type { PolicyFiltered } from './auth.guard';
import { PolicyTargets } from './policy-targets';

/**
 * Enhanced policy on lists (docs/policy.md): a list reply keeps the items
 * the principal's rule admits, each judged on its own attributes, as
 * Tacker's index does. Paging happens before: a page may come out shorter.
 */
@Injectable()
export class PolicyFilterInterceptor implements NestInterceptor {
  constructor(@Optional() private readonly targets?: PolicyTargets) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const filter = context.switchToHttp().getRequest<PolicyFiltered>().policyFilter;
    const targets = this.targets;
    if (!filter || !targets) return next.handle();
    return next.handle().pipe(mergeMap((body: unknown) => from(targets.filter(filter.kind, body, filter.admits))));
  }
}
