import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Duplex } from 'node:stream';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorResponseSchema, type ErrorResponse } from '@maplesource/contracts';

/**
 * A failure a client can cause or must know about. Thrown anywhere in a handler; the error
 * handler turns it into `{ error: { code, message } }` with its status (ARCHITECTURE rule 3).
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, message: string, fields?: Record<string, string>) =>
  new AppError(400, code, message, fields);
export const unauthenticated = (message = 'Please login first to continue') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (code = 'FORBIDDEN', message = 'You do not have permission to do this') =>
  new AppError(403, code, message);
export const notFound = (code = 'NOT_FOUND', message = 'Not found') => new AppError(404, code, message);

/** The route schema's error responses (`{ error: { code, message } }`) for the given statuses. */
export function errorResponses<Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    Status,
    typeof errorResponseSchema
  >;
}
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const unprocessable = (code: string, message: string, fields?: Record<string, string>) =>
  new AppError(422, code, message, fields);
export const tooManyRequests = (code: string, message: string, retryAfterSeconds?: number) =>
  new AppError(
    429,
    code,
    message,
    undefined,
    retryAfterSeconds ? { 'retry-after': String(Math.ceil(retryAfterSeconds)) } : undefined,
  );

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorResponse {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Fastify's own error codes for things a client sent, mapped to ours. */
const fastifyClientErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not supported',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: 'Invalid content length' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'MALFORMED_JSON', message: 'The JSON body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'MALFORMED_JSON',
    message: 'The body is not valid JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large',
  },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, code: 'BAD_REQUEST', message: 'Invalid content type' },
  FST_ERR_BAD_URL: { status: 400, code: 'MALFORMED_URL', message: 'The address is not a valid URL' },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'URL_TOO_LONG',
    message: 'A part of the address is too long',
  },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'BAD_REQUEST', message: 'Bad request' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The request is not multipart',
  },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large' },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too many parts' },
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too many files' },
  FST_FIELDS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too many fields' },
  FST_PROTO_VIOLATION: { status: 400, code: 'BAD_REQUEST', message: 'Forbidden property name in body' },
};

/**
 * Errors the multipart parser (busboy) raises for a body cut short or malformed, whether while parsing fields or
 * while a handler reads a file stream. They carry no status of their own; the error handler maps them to 400.
 */
export function isMalformedMultipartError(error: { message?: string; code?: string }): boolean {
  const message = error.message ?? '';
  return (
    message === 'Unexpected end of multipart data' ||
    message.endsWith('terminated early due to unexpected end of multipart data') ||
    message === 'Multipart: Boundary not found' ||
    message === 'Boundary required' ||
    message.startsWith('Malformed part header')
  );
}

function validationFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const issue of error.validation) {
      const where = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const key = where || String(error.validationContext ?? 'body');
      fields[key] ??= issue.message ?? 'Invalid value';
    }
  }
  return fields;
}

/**
 * Fastify's `frameworkErrors` option: errors the router raises before any route or error handler runs (a malformed
 * percent-escape, an over-long path parameter). Without it they go out in the framework's own shape (decision 246).
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const known = error.code ? fastifyClientErrors[error.code] : undefined;
  if (known) return sendError(reply, known.status, known.code, known.message);
  return sendError(reply, 400, 'BAD_REQUEST', 'Bad request');
}

const clientErrors: Record<string, { status: number; reason: string; code: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'REQUEST_TIMEOUT',
    reason: 'Request Timeout',
    message: 'The request took too long to arrive',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    reason: 'Request Header Fields Too Large',
    message: 'The request headers are too large',
  },
};

/**
 * Fastify's `clientErrorHandler` option: Node's HTTP parser refused the request (bad request line, headers too
 * large, timeout) before Fastify saw it. Written on the socket in the app's error shape (decision 246).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex) {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (error.code && clientErrors[error.code]) || {
    status: 400,
    code: 'BAD_REQUEST',
    reason: 'Bad Request',
    message: 'The request could not be read',
  };
  if (socket.writable) {
    const body = JSON.stringify(errorBody(known.code, known.message));
    socket.write(
      `HTTP/1.1 ${known.status} ${known.reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(errorBody(code, message, fields));
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, error.statusCode, error.code, error.message, error.fields);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error);
      return sendError(reply, 400, 'VALIDATION_FAILED', 'Some fields are missing or invalid', fields);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return sendError(
        reply,
        500,
        'INTERNAL_ERROR',
        'Something went wrong on our side; please try again later',
      );
    }
    if (isMalformedMultipartError(error)) {
      return sendError(reply, 400, 'MALFORMED_MULTIPART', 'The multipart body is incomplete or malformed');
    }
    const known = error.code ? fastifyClientErrors[error.code] : undefined;
    if (known) return sendError(reply, known.status, known.code, known.message);
    if (error.statusCode === 429) {
      return sendError(reply, 429, 'RATE_LIMITED', 'Too many requests; please try again later');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, 'BAD_REQUEST', error.message || 'Bad request');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(
      reply,
      500,
      'INTERNAL_ERROR',
      'Something went wrong on our side; please try again later',
    );
  });
}

export default fp(errorsPlugin, { name: 'errors' });
