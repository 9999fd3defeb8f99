import * as z from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { ApiError, fetchApi } from './http';

export { ApiError };

export const UNREADABLE_ANSWER = 'The shop sent an answer this page cannot read. Please reload the page and try again.';

/**
 * Calls the API and parses a 2xx answer with its contract (a schema from domain/contracts/); pass
 * `null` when the answer is not read. A non-2xx answer, or one that does not fit the contract (an
 * old page talking to a newer server), throws ApiError with a message fit to show.
 */
export async function apiRequest<S extends $ZodType>(path: string, schema: S, init?: RequestInit): Promise<output<S>>;
export async function apiRequest(path: string, schema: null, init?: RequestInit): Promise<void>;
export async function apiRequest(path: string, schema: $ZodType | null, init?: RequestInit): Promise<unknown> {
  const body = await fetchApi<unknown>(path, init);
  if (!schema) return;
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) throw new ApiError(200, UNREADABLE_ANSWER, 'unreadable_answer');
  return parsed.data;
}
