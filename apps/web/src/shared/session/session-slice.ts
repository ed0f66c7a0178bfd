import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CompanyStatus, CompanySummary, Me, Permission, SessionUser } from '@skydesk/contract';
import { readTokenExpiry } from './token-expiry';

/**
 * The signed-in session (docs/product-spec.md §3 "userData with token and user"). The token is held in memory
 * only (docs/architecture.md §6); the store's persistence keeps `user` and `expiresAt` so a reload shows
 * the right screen while a fresh token is fetched from the refresh cookie.
 */
export type SessionState = {
  user: SessionUser | null;
  /** The access token. Never persisted. */
  token: string | null;
  /** The token's `exp`, in seconds since the epoch (docs/api.md). */
  expiresAt: number | null;
  permissions: Permission[];
  company: CompanySummary | null;
};

export const initialSessionState: SessionState = {
  user: null,
  token: null,
  expiresAt: null,
  permissions: [],
  company: null,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** The second factor was accepted (docs/api.md: session `{ token, user }`). */
    sessionStarted(state, action: PayloadAction<{ token: string; user: SessionUser }>) {
      state.user = action.payload.user;
      state.token = action.payload.token;
      state.expiresAt = readTokenExpiry(action.payload.token);
    },
    /** A new access token from the refresh cookie. */
    tokenRenewed(state, action: PayloadAction<string>) {
      state.token = action.payload;
      state.expiresAt = readTokenExpiry(action.payload);
    },
    /** `GET /api/me` answered: who the user is, for which company, allowed to do what. */
    profileLoaded(state, action: PayloadAction<Me>) {
      state.user = action.payload.user;
      state.company = action.payload.company;
      state.permissions = action.payload.permissions;
    },
    /**
     * The user changed their own account (settings: name, phone, picture): the header and every
     * screen showing them follow at once. Only these fields: a role change reaches the session
     * at the next sign-in, with the token's permissions (issue 13).
     */
    sessionUserUpdated(
      state,
      action: PayloadAction<Partial<Pick<SessionUser, 'name' | 'phone' | 'image_url'>>>,
    ) {
      if (!state.user) return;
      const { name, phone, image_url } = action.payload;
      if (name !== undefined) state.user.name = name;
      if (phone !== undefined) state.user.phone = phone;
      if (image_url !== undefined) state.user.image_url = image_url;
    },
    /** The vendor verification moved on (documents sent, or the review answered). */
    companyVerificationChanged(
      state,
      action: PayloadAction<{ verification_status: CompanyStatus; rejection_reason: string | null }>,
    ) {
      if (!state.company) return;
      state.company.verification_status = action.payload.verification_status;
      state.company.rejection_reason = action.payload.rejection_reason;
    },
    /** docs/product-spec.md §4: logout wipes all state (the root reducer resets every slice on this action). */
    loggedOut() {
      return initialSessionState;
    },
  },
  selectors: {
    selectSessionUser: (session) => session.user,
    selectSessionToken: (session) => session.token,
    selectSessionCompany: (session) => session.company,
    selectPermissions: (session) => session.permissions,
    /** Signed in, with an access token to call the API with. */
    selectSignedIn: (session) => session.user !== null && session.token !== null,
    /** A saved session read back at start: the user, but no access token yet (docs/architecture.md §6). */
    selectSessionToRestore: (session) => session.user !== null && !session.token,
  },
});

export const {
  sessionStarted,
  tokenRenewed,
  profileLoaded,
  sessionUserUpdated,
  companyVerificationChanged,
  loggedOut,
} = sessionSlice.actions;
export const {
  selectSessionUser,
  selectSessionToken,
  selectSessionCompany,
  selectPermissions,
  selectSignedIn,
  selectSessionToRestore,
} = sessionSlice.selectors;
