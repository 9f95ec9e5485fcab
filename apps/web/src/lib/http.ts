import type { TFunction } from 'i18next';
import type { ErrorResponse, Role, ROLE_HEADER as ContractsRoleHeader } from '@maplesource/contracts/common';
import { backendBaseUrls, type Backend } from '../config/env';
import { pageDataAnswer, takePageData } from './page-data';

// Type-only link to contracts: a value import of common.ts would pull all of zod into the landing bundle.
const ROLE_HEADER: typeof ContractsRoleHeader = 'role';
const ROLE: Extract<Role, 'buyer'> = 'buyer';

/** The one error type every request throws (ARCHITECTURE rule 3). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** A refusal's Retry-After in seconds (e.g. a delayed login, decision 245), when the server sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string>;
    retryAfterSeconds?: number | undefined;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export type RequestOptions = {
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
  backend?: Backend;
  headers?: Record<string, string>;
  /** The side the request acts for; `buyer` unless the admin console asks for `admin`. */
  role?: Role;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `<path>?<query>` as it follows `/api/v1/`; `path` may start with or without a slash. */
function pathWithQuery(path: string, query?: QueryParams): string {
  let url = path.replace(/^\/+/, '');
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      const values = Array.isArray(value) ? value : [value];
      for (const v of values) if (v !== undefined && v !== null) params.append(key, String(v));
    }
    const qs = params.toString();
    if (qs) url += `${url.includes('?') ? '&' : '?'}${qs}`;
  }
  return url;
}

/**
 * The successful answer the page's HTML holds for the buyer GET `api.get(path, { query })` would send (decision
 * 044), taken once, for a query's `initialData`: the screen renders with it in its first render (decision 205).
 */
export function pageAnswer<T>(path: string, query?: QueryParams): T | undefined {
  return pageDataAnswer<T>(pathWithQuery(path, query));
}

/** `${baseUrl}/api/v1/<path>?<query>`; `path` may start with or without a slash. */
export function buildUrl(path: string, query?: QueryParams, backend: Backend = 'buyer'): string {
  return `${backendBaseUrls[backend]}/api/v1/${pathWithQuery(path, query)}`;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  // FormData / URLSearchParams / Blob: the browser sets the content type (and multipart boundary).
  if (body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob) return body;
  headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

/** Narrows an answer body to the one error shape `{ error: { code, message, fields? } }`. */
function errorBody(data: unknown): ErrorResponse['error'] | null {
  if (typeof data !== 'object' || data === null || !('error' in data)) return null;
  const error = (data as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, fields } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  const validFields =
    typeof fields === 'object' && fields !== null && Object.values(fields).every((v) => typeof v === 'string')
      ? (fields as Record<string, string>)
      : undefined;
  return { code, message, ...(validFields ? { fields: validFields } : {}) };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Retry-After in delay-seconds (the only form our server sends); anything else is ignored. */
function retryAfterOf(header: string | null | undefined): number | undefined {
  if (!header || !/^\d{1,9}$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/** The body of a successful answer, or the ApiError of a refused one. */
function answer<T>(status: number, statusText: string, data: unknown, retryAfter?: string | null): T {
  if (status >= 200 && status < 300) return data as T;
  const error = errorBody(data);
  if (error) throw new ApiError({ status, ...error, retryAfterSeconds: retryAfterOf(retryAfter) });
  throw new ApiError({
    status,
    code: `HTTP_${status}`,
    message: statusText || `Request failed with status ${status}`,
  });
}

async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  if (method === 'GET' && (options.backend ?? 'buyer') === 'buyer' && (options.role ?? ROLE) === ROLE) {
    // The server answered this one already, in the page's HTML (decision 044).
    const fromPage = takePageData(pathWithQuery(path, options.query));
    if (fromPage) return answer<T>(fromPage.status, '', fromPage.body);
  }
  const headers = new Headers(options.headers);
  headers.set('accept', 'application/json');
  headers.set(ROLE_HEADER, options.role ?? ROLE); // docs/product.md §1: a buyer, unless the admin console asks
  const body = encodeBody(options.body, headers);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query, options.backend), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network request failed' });
  }
  return answer<T>(
    response.status,
    response.statusText,
    await readJson(response),
    response.headers.get('retry-after'),
  );
}

/**
 * The one HTTP client. Every call: `role: buyer` header, cookies (`credentials: 'include'`),
 * JSON (or FormData / URLSearchParams) bodies, errors thrown as ApiError.
 */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions) => request<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/**
 * Translated text for any thrown error: `errors:<CODE>` if translated, else the server's
 * message, else a generic text.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    const key = `errors:${error.code}`;
    const translated = t(key, { defaultValue: '' });
    if (translated && translated !== key) return translated;
    // A status without our error body (a proxy's 502, say) has only an English status text: use the generic text.
    if (error.message && !error.code.startsWith('HTTP_')) return error.message;
  }
  return t('errors:GENERIC');
}

/** Upload progress: bytes sent so far and the body's total size. */
export type UploadProgress = { loaded: number; total: number };

/**
 * A multipart upload with progress (fetch cannot report upload progress): XMLHttpRequest with the same rules as
 * `api` — role header, cookies, errors thrown as ApiError. `onProgress` follows the request body's upload events.
 */
export function uploadWithProgress<T>(
  method: 'POST' | 'PUT',
  path: string,
  body: FormData,
  options: {
    onProgress?: ((progress: UploadProgress) => void) | undefined;
    headers?: Record<string, string>;
    /** The side the upload acts for (the seller centre's images); `buyer` by default. */
    role?: Role;
  } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader(ROLE_HEADER, options.role ?? ROLE);
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    });
    xhr.addEventListener('load', () => {
      let data: unknown = undefined;
      if (xhr.responseText) {
        try {
          data = JSON.parse(xhr.responseText) as unknown;
        } catch {
          data = xhr.responseText;
        }
      }
      try {
        resolve(answer<T>(xhr.status, xhr.statusText, data));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    const networkError = () =>
      reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network request failed' }));
    xhr.addEventListener('error', networkError);
    xhr.addEventListener('abort', networkError);
    xhr.send(body);
  });
}
