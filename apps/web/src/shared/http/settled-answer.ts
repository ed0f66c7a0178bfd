/**
 * A mutation's answer inside `onQueryStarted`, or null when it failed: the failure is already the
 * caller's to show (a toast or a field error), so a cache update only follows a success.
 */
export async function settledAnswer<T>(fulfilled: Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await fulfilled).data;
  } catch {
    return null;
  }
}
