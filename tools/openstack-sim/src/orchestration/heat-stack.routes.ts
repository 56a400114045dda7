import type { HttpResult, SimRequest } from '../http/http-types';
import type { Router } from '../http/router';
import {
  authorize,
  canonicalStack,
  HEAT_PREFIXES,
  heatBase,
  type HeatRouteDeps,
  outputsOf,
  stackByIdentity,
  withHeatErrors,
} from './heat-route-support';
import { stackDetailView, stackSummaryView, stackUrl } from './heat-views';
import { parseCreateRequest, parsePatchRequest, parseUpdateRequest } from './stack-request';
import type { StackRecord } from './stack-types';

type StackChange = 'PUT' | 'PATCH' | 'DELETE';

/** "Update stack" (PUT, full) and "Update stack (PATCH)" answer 202; "Delete stack" answers 204. */
function changeStack(deps: HeatRouteDeps, method: StackChange, stack: StackRecord, body: unknown): HttpResult {
  return withHeatErrors(() => {
    if (method === 'DELETE') {
      deps.operations.delete(stack);
      return { status: 204 };
    }
    deps.operations.update(stack, method === 'PUT' ? parseUpdateRequest(body) : parsePatchRequest(body, stack.definition));
    return { status: 202 };
  });
}

function registerAt(router: Router, deps: HeatRouteDeps, prefix: string): void {
  const api = `${prefix}/v1/:project/stacks`;
  const base = (project: string): string => heatBase(deps, prefix, project);

  // "List stacks": top-level stacks unless show_nested=true.
  router.add('GET', api, (request, { project }) => {
    authorize(deps, request, project);
    const stacks = deps.store.list(project, request.query.get('show_nested') === 'true');
    return { status: 200, body: { stacks: stacks.map((stack) => stackSummaryView(base(project), stack)) } };
  });

  // "Create stack": 201 with the new stack's id and self link; the stack is CREATE_IN_PROGRESS.
  router.add('POST', api, (request, { project }) => {
    const token = authorize(deps, request, project);
    const owner = { userId: token.userId, userName: token.userName };
    const stack = withHeatErrors(() => {
      const { name, definition } = parseCreateRequest(request.body);
      return deps.operations.create(name, project, owner, definition);
    });
    return { status: 201, body: { stack: { id: stack.id, links: [{ href: stackUrl(base(project), stack), rel: 'self' }] } } };
  });

  // "Find stack": 302 to the canonical /stacks/{name}/{id} URL.
  router.add('GET', `${api}/:identity`, (request, { project, identity }) => {
    authorize(deps, request, project);
    return { status: 302, headers: { Location: stackUrl(base(project), stackByIdentity(deps, project, identity)) } };
  });

  // "Show stack details", outputs resolved.
  router.add('GET', `${api}/:name/:id`, (request, { project, name, id }) => {
    authorize(deps, request, project);
    const stack = canonicalStack(deps, project, name, id);
    return { status: 200, body: stackDetailView(base(project), stack, outputsOf(deps, stack)) };
  });

  for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
    // The simulator also accepts changes through /stacks/{name_or_id} directly instead of redirecting.
    const change = (request: SimRequest, project: string, stack: () => StackRecord): HttpResult => {
      authorize(deps, request, project);
      return changeStack(deps, method, stack(), request.body);
    };
    router.add(method, `${api}/:identity`, (request, { project, identity }) =>
      change(request, project, () => stackByIdentity(deps, project, identity)),
    );
    router.add(method, `${api}/:name/:id`, (request, { project, name, id }) =>
      change(request, project, () => canonicalStack(deps, project, name, id)),
    );
  }
}

/** Orchestration API v1 stack routes. Register the resource routes first: `/stacks/{identity}/resources` would otherwise read as `/stacks/{name}/{id}`. */
export function registerHeatStackRoutes(router: Router, deps: HeatRouteDeps): void {
  for (const prefix of HEAT_PREFIXES) registerAt(router, deps, prefix);
}
