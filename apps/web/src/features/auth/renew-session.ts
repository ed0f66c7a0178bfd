/**
 * 'Continue Session' in the "Session Expiring Soon" modal lands here (spec §4: whether it renews
 * the token is not shown). The one place to change when the auth work renews the access token
 * through `POST /api/auth/refresh` and dispatches `tokenRenewed`; until then continuing only
 * closes the modal.
 */
export async function renewSession(): Promise<void> {}
