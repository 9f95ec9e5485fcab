import type { FastifyInstance } from 'fastify';

/** Every operation of the OpenAPI document, with the names of its query parameters (security tests walk them). */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  queryNames: string[];
  hasBody: boolean;
  /** The role the route checks before reading the request (decision 246), when it needs one. */
  requiredRole: 'buyer' | 'seller' | 'admin' | undefined;
}

type OpenApiOperation = {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  'x-required-role'?: Operation['requiredRole'];
};

export async function listOperations(app: FastifyInstance): Promise<Operation[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase() as Operation['method'],
        path,
        queryNames: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        hasBody: op.requestBody !== undefined,
        requiredRole: op['x-required-role'],
      })),
  );
}

/** Fills `{param}` placeholders with `value` (already URL-encoded by the caller when needed). */
export const fillPath = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);
