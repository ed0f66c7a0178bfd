/**
 * Whether this browser had an operator signed in (decision 004's saved user, for the console):
 * a mark, not a credential, kept so that /admin asks the operator's refresh cookie only when there
 * may be one — a browser that never signed in to the console makes no call that can only fail.
 */
const KEY = 'skydesk:operator-signed-in';

export function hadOperatorSession(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function markOperatorSession(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // No storage (private mode, disabled): every visit to /admin signs in afresh.
  }
}
