import type { RouteHandler, RouteParams } from './http-types';

interface Route {
  readonly method: string;
  readonly segments: readonly string[];
  readonly handler: RouteHandler;
}

export type RouteMatch =
  | { readonly kind: 'found'; readonly handler: RouteHandler; readonly params: RouteParams }
  | { readonly kind: 'method-not-allowed'; readonly allowed: readonly string[] }
  | { readonly kind: 'not-found' };

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

function matchSegments(pattern: readonly string[], actual: readonly string[]): RouteParams | undefined {
  if (pattern.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    const value = actual[index];
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(value);
    else if (part !== value) return undefined;
  }
  return params;
}

/**
 * Method + path routing with `:name` segments. Routes are tried in the order they were added,
 * so register literal paths before parameterised ones that could shadow them. Empty segments
 * are ignored, which makes trailing slashes insignificant.
 */
export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: RouteHandler): this {
    this.routes.push({ method, segments: splitPath(pattern), handler });
    return this;
  }

  match(method: string, path: string): RouteMatch {
    const actual = splitPath(path);
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, actual);
      if (params === undefined) continue;
      if (route.method === method) return { kind: 'found', handler: route.handler, params };
      allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
  }
}
