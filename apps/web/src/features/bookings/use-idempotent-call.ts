import type { ResponseOf } from '@skydesk/contract';
import { useCallback, useRef } from 'react';
import {
  type IdempotentEndpoint,
  type IdempotentOptions,
  idempotentRequest,
  newIdempotencyKey,
  retryKeepsKey,
} from '../../shared/http/idempotent-request';

/**
 * Sends the writes that move money or seats with an Idempotency-Key (DESIGN.md §6): one key per
 * attempt, reused when the same request is sent again after an answer that never came or a
 * server failure — the server then replays the first outcome instead of booking, charging or
 * refunding twice. A changed request, or one after a final answer, is a new attempt with a new key.
 */
export function useIdempotentCall() {
  const pending = useRef<{ key: string; request: string } | null>(null);
  return useCallback(
    async <E extends IdempotentEndpoint>(
      endpoint: E,
      options: IdempotentOptions<E>,
    ): Promise<ResponseOf<E>> => {
      const request = `${endpoint.method} ${endpoint.path} ${JSON.stringify(options.body)}`;
      const key = pending.current?.request === request ? pending.current.key : newIdempotencyKey();
      pending.current = { key, request };
      try {
        const answer = await idempotentRequest(endpoint, key, options);
        pending.current = null;
        return answer;
      } catch (error) {
        if (!retryKeepsKey(error)) pending.current = null;
        throw error;
      }
    },
    [],
  );
}
