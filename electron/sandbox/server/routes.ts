/** Finds the operation a method and path ask for, from the contract's table. */
import { operations, OPERATION_IDS, type HttpMethod, type OperationId } from '../../service/contract';

interface CompiledRoute {
  readonly id: OperationId;
  readonly method: HttpMethod;
  readonly pattern: RegExp;
}

const routes: readonly CompiledRoute[] = OPERATION_IDS.map((id) => {
  const { method, path } = operations[id];
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' ? c : `\\${c}`)).replace('{id}', '([^/]+)');
  return { id, method, pattern: new RegExp(`^${source}/?$`) };
});

export type RouteMatch =
  | { readonly kind: 'operation'; readonly id: OperationId; readonly pathId: string }
  | { readonly kind: 'wrongMethod'; readonly allowed: readonly HttpMethod[] }
  | { readonly kind: 'none' };

export function matchRoute(method: string, pathname: string): RouteMatch {
  const allowed: HttpMethod[] = [];
  for (const route of routes) {
    const match = route.pattern.exec(pathname);
    if (match === null) continue;
    if (route.method === method) {
      let pathId: string;
      try {
        pathId = decodeURIComponent(match[1] ?? '');
      } catch {
        // Not valid percent-encoding: look it up as sent, which finds nothing and says so.
        pathId = match[1] ?? '';
      }
      return { kind: 'operation', id: route.id, pathId };
    }
    allowed.push(route.method);
  }
  return allowed.length > 0 ? { kind: 'wrongMethod', allowed } : { kind: 'none' };
}
