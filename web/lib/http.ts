import type { ApiErrorBody } from '../../domain/contracts/api';

/** An API answer that was not 2xx; `message` is the server's text, fit to show the visitor. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** An outside service's refusal, field by field (the field's name in the visitor's language, what it said). */
    readonly fields: { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Calls the API and returns the 2xx answer's body as it came; a non-2xx answer throws ApiError with the
 * server's message. Pages call `apiRequest` (web/lib/api.ts), which also parses the answer with its
 * contract. Only the storefront's first load (catalogue, session, payment options) reads answers
 * unparsed, typed from the same contracts: zod is 15 KB gzip the 90 KB budget has no room for
 * (docs/decisions/0009-api-contracts.md). The server answers through those contracts either way.
 */
export async function fetchApi<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`/api${path}`, {
    ...init,
    headers: { Accept: 'application/json', ...(init?.body ? { 'Content-Type': 'application/json' } : {}), ...init?.headers },
  });
  const body = (await response.json().catch(() => null)) as T | Partial<ApiErrorBody> | null;
  if (!response.ok) {
    const error = (body ?? {}) as Partial<ApiErrorBody>;
    const message = typeof error.message === 'string' ? error.message : `Request failed with status ${response.status}`;
    const fields = Array.isArray(error.fields) ? error.fields.filter((field) => typeof field?.field === 'string' && typeof field.message === 'string') : [];
    throw new ApiError(response.status, message, typeof error.code === 'string' ? error.code : undefined, fields);
  }
  return body as T;
}
