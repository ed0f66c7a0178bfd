import { useCallback, useRef } from 'react';
import { newIdempotencyKey, retryKeepsKey } from './idempotency-key';

/**
 * The request as text, to tell the same request sent again from a changed one. A multipart body
 * (FormData, which JSON shows as `{}`) is its fields, each file by name, size, type and date.
 */
const fingerprint = (args: unknown): string =>
  JSON.stringify(args, (_key, value: unknown) =>
    value instanceof FormData
      ? [...value.entries()].map(([name, entry]) => [
          name,
          entry instanceof File
            ? { file: entry.name, size: entry.size, type: entry.type, modified: entry.lastModified }
            : entry,
        ])
      : value,
  );

/** A generated mutation hook of an idempotent endpoint (the contract's `idempotent: true`). */
type IdempotentMutationHook<Args extends { idempotencyKey?: string }, Result> = () => readonly [
  (args: Args) => { unwrap: () => Promise<Result> },
  ...unknown[],
];

/**
 * Sends the writes that move money or seats with an Idempotency-Key (docs/architecture.md §6): one key per
 * attempt, reused when the same request is sent again after an answer that never came, a server
 * failure or a 409 saying the first request is still being processed (decision 009; the client
 * already waited its Retry-After and asked once more) — the server then replays the first outcome
 * instead of booking, charging or refunding twice. A changed request, or one after a final answer
 * (a refusal's 409 has no Retry-After), is a new attempt with a new key.
 *
 *   const issue = useIdempotentMutation(bookingsApi.useIssueBookingMutation);
 *   const booking = await issue({ body: { pnr } }); // rejects with the call's ApiFailure
 */
export function useIdempotentMutation<Args extends { idempotencyKey?: string }, Result>(
  useMutation: IdempotentMutationHook<Args, Result>,
): (args: Omit<Args, 'idempotencyKey'>) => Promise<Result> {
  const [trigger] = useMutation();
  const pending = useRef<{ key: string; request: string } | null>(null);
  return useCallback(
    async (args) => {
      const request = fingerprint(args);
      const key = pending.current?.request === request ? pending.current.key : newIdempotencyKey();
      pending.current = { key, request };
      try {
        const answer = await trigger({ ...args, idempotencyKey: key } as Args).unwrap();
        pending.current = null;
        return answer;
      } catch (error) {
        if (!retryKeepsKey(error)) pending.current = null;
        throw error;
      }
    },
    [trigger],
  );
}
