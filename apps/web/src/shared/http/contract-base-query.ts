import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { ApiError, type ApiFailure, toApiFailure } from './api-error';
import { type CallTarget, type RawOptions, sendCall } from './api-request';

/**
 * One call as an RTK Query endpoint describes it to the base query: the contract's endpoint, the
 * call's parameters, query and body, and how it behaves (decision 010). Built by the endpoint's
 * `query` function, never stored: the store keeps only the arguments a screen passed.
 */
export type ContractCall = RawOptions & {
  endpoint: CallTarget;
  /**
   * The answer is a file, not an envelope: it is handed over as an object URL (the store holds
   * no Blob), which the caller revokes once the browser has it.
   */
  file?: boolean;
};

/** The failure of a call that was cancelled (the screen went away): nothing was said to anyone. */
const cancelled: ApiFailure = {
  status: 0,
  message: 'Cancelled',
  fieldErrors: {},
  data: undefined,
  retryAfter: undefined,
};

/**
 * The base query of every RTK Query endpoint: the HTTP client of docs/product-spec.md §7 and §8 (apiRequest's),
 * so a call through RTK Query builds its URL, sends the token, reads the envelope, toasts its
 * failure, ends the session on a 401 and sends an Idempotency-Key exactly as apiRequest does.
 * A failure comes back as a plain ApiFailure.
 */
export const contractBaseQuery: BaseQueryFn<ContractCall, unknown, ApiFailure> = async (
  { endpoint, file = false, ...options },
  { signal },
) => {
  try {
    const answer = await sendCall(endpoint, { ...options, signal }, file ? 'file' : 'envelope');
    return { data: file ? URL.createObjectURL(answer as Blob) : answer };
  } catch (error) {
    if (error instanceof ApiError) return { error: toApiFailure(error) };
    if (signal.aborted) return { error: cancelled };
    throw error;
  }
};
