import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route accepts an `application/x-www-form-urlencoded` body (docs/product.md §7: auth/login and auth/signup only). */
    formBody?: true;
  }
}

const FORM_BODY_LIMIT = 64 * 1024;

/** `a=1&b=2&b=3` → `{ a: '1', b: ['2', '3'] }`, on an object without a prototype (no `__proto__` tricks). */
export function parseFormBody(body: string): Record<string, string | string[]> {
  const fields = Object.create(null) as Record<string, string | string[]>;
  for (const [key, value] of new URLSearchParams(body)) {
    const previous = fields[key];
    fields[key] =
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return fields;
}

/**
 * URL-encoded bodies are what an HTML form on any site can send, so they are parsed only for routes that
 * declare `config: { formBody: true }`; every other route answers 415 before its handler runs. JSON and
 * (where a route registers it) multipart are unaffected. Replaces the app-wide @fastify/formbody (decision 002).
 */
async function formBodyPlugin(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (request, body, done) => {
      // No route matched: let the not-found handler answer 404, as for any other body.
      if (request.routeOptions.url === undefined) {
        done(null, undefined);
        return;
      }
      if (!request.routeOptions.config.formBody) {
        done(
          new AppError(
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            'This route takes a JSON body, not a form (application/x-www-form-urlencoded)',
          ),
          undefined,
        );
        return;
      }
      done(null, parseFormBody(String(body)));
    },
  );
}

export default fp(formBodyPlugin, { name: 'form-body', dependencies: ['errors'] });
