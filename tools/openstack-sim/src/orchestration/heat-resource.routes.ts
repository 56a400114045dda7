import type { HttpResult, SimRequest } from '../http/http-types';
import type { Router } from '../http/router';
import { isRecord } from '../common/records';
import { heatError, resourceNotFound } from './heat-errors';
import {
  authorize,
  canonicalStack,
  HEAT_PREFIXES,
  heatBase,
  type HeatRouteDeps,
  stackByIdentity,
  withHeatErrors,
} from './heat-route-support';
import { type HeatBaseUrl, resourceView, stackUrl } from './heat-views';
import type { ResourceRecord, StackRecord } from './stack-types';

/** `nested_depth` resources, depth first, each nested one naming its `parent_resource`; `with_detail` adds each one's attributes, as Heat does. */
function listResources(
  deps: HeatRouteDeps,
  base: HeatBaseUrl,
  stack: StackRecord,
  depth: number,
  detail: boolean,
  parentResource?: string,
): object[] {
  return [...stack.resources.values()].flatMap((record) => {
    const nested = record.nestedStackId === undefined ? undefined : deps.store.get(record.nestedStackId);
    const below = nested !== undefined && depth > 0 ? listResources(deps, base, nested, depth - 1, detail, record.name) : [];
    const view = resourceView(base, stack, record, nested, parentResource);
    return [detail ? { ...view, attributes: deps.reconciler.attributesOf(stack, record), description: '' } : view, ...below];
  });
}

/** Heat reads `with_detail` as a boolean: true, True, yes, 1 (oslo strutils). */
const withDetail = (request: SimRequest): boolean =>
  ['true', 'yes', '1', 'on', 'y', 't'].includes((request.query.get('with_detail') ?? '').toLowerCase());

function nestedDepth(request: SimRequest): number {
  const depth = Number(request.query.get('nested_depth') ?? 0);
  if (!Number.isInteger(depth) || depth < 0) throw heatError(400, 'InvalidParameter', 'nested_depth must be a non-negative integer.');
  return depth;
}

function findResource(deps: HeatRouteDeps, stack: StackRecord, nameOrPhysicalId: string): { stack: StackRecord; record: ResourceRecord } {
  const found = deps.store.findResource(stack, nameOrPhysicalId);
  if (found === undefined) throw resourceNotFound(nameOrPhysicalId, stack.name);
  return found;
}

/** "Show resource data", with the resource's attributes. */
function showResource(deps: HeatRouteDeps, base: HeatBaseUrl, stack: StackRecord, nameOrPhysicalId: string): HttpResult {
  const found = findResource(deps, stack, nameOrPhysicalId);
  const nested = found.record.nestedStackId === undefined ? undefined : deps.store.get(found.record.nestedStackId);
  const attributes = deps.reconciler.attributesOf(found.stack, found.record);
  return { status: 200, body: { resource: { ...resourceView(base, found.stack, found.record, nested), attributes, description: '' } } };
}

/** "Mark a resource as unhealthy": body `{"mark_unhealthy": bool, "resource_status_reason": "..."}`, 200 without a body. */
function markUnhealthy(deps: HeatRouteDeps, stack: StackRecord, nameOrPhysicalId: string, body: unknown): HttpResult {
  if (!isRecord(body) || typeof body['mark_unhealthy'] !== 'boolean')
    throw heatError(400, 'InvalidParameter', '"mark_unhealthy" must be a boolean.');
  const reason = body['resource_status_reason'];
  if (reason !== undefined && typeof reason !== 'string')
    throw heatError(400, 'InvalidParameter', '"resource_status_reason" must be a string.');
  const found = findResource(deps, stack, nameOrPhysicalId);
  withHeatErrors(() => deps.operations.markHealth(found.stack, found.record, body['mark_unhealthy'] === true, reason));
  return { status: 200 };
}

function registerAt(router: Router, deps: HeatRouteDeps, prefix: string): void {
  const api = `${prefix}/v1/:project/stacks`;
  const base = (project: string): string => heatBase(deps, prefix, project);
  const query = (request: SimRequest): string => (request.query.size > 0 ? `?${request.query.toString()}` : '');

  // "Find stack resources": 302 to the canonical resource list, query kept.
  router.add('GET', `${api}/:identity/resources`, (request, { project, identity }) => {
    authorize(deps, request, project);
    return {
      status: 302,
      headers: { Location: `${stackUrl(base(project), stackByIdentity(deps, project, identity))}/resources${query(request)}` },
    };
  });
  router.add('GET', `${api}/:name/:id/resources`, (request, { project, name, id }) => {
    authorize(deps, request, project);
    return {
      status: 200,
      body: {
        resources: listResources(deps, base(project), canonicalStack(deps, project, name, id), nestedDepth(request), withDetail(request)),
      },
    };
  });
  router.add('GET', `${api}/:identity/resources/:resource`, (request, { project, identity, resource }) => {
    authorize(deps, request, project);
    return {
      status: 302,
      headers: {
        Location: `${stackUrl(base(project), stackByIdentity(deps, project, identity))}/resources/${encodeURIComponent(resource)}`,
      },
    };
  });
  router.add('GET', `${api}/:name/:id/resources/:resource`, (request, { project, name, id, resource }) => {
    authorize(deps, request, project);
    return showResource(deps, base(project), canonicalStack(deps, project, name, id), resource);
  });
  router.add('PATCH', `${api}/:identity/resources/:resource`, (request, { project, identity, resource }) => {
    authorize(deps, request, project);
    return markUnhealthy(deps, stackByIdentity(deps, project, identity), resource, request.body);
  });
  router.add('PATCH', `${api}/:name/:id/resources/:resource`, (request, { project, name, id, resource }) => {
    authorize(deps, request, project);
    return markUnhealthy(deps, canonicalStack(deps, project, name, id), resource, request.body);
  });
}

/** Orchestration API v1 resource routes ("Stack resources" and "Resources" sections). */
export function registerHeatResourceRoutes(router: Router, deps: HeatRouteDeps): void {
  for (const prefix of HEAT_PREFIXES) registerAt(router, deps, prefix);
}
