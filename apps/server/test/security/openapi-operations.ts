import type { FastifyInstance } from 'fastify';

/** Every operation of the OpenAPI document, with the names of its query parameters (security tests walk them). */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  queryNames: string[];
  hasBody: boolean;
}

type OpenApiOperation = {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
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
      })),
  );
}

/** Fills `{param}` placeholders with `value` (already URL-encoded by the caller when needed). */
export const fillPath = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);
