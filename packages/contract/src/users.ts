import { z } from 'zod';
import { Email, Password, Phone, SessionUser } from './auth.js';
import { buildPath, defineEndpoint } from './endpoint.js';
import { FALLBACK } from './messages.js';
import { PRINTABLE_TOKEN, Text } from './text.js';

/**
 * docs/api.md#company-users-and-roles: the agency's staff, their invitations, and each user's own
 * account (profile, password, picture, signed-in devices). Roles are in roles.ts.
 */

/** An invitation's set-password link lives 72 hours (issue 13). */
export const INVITATION_TTL_HOURS = 72;

/** `POST /api/user/image`: PNG, JPEG or WebP of at most 2 MB, checked by content. */
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The square the server re-encodes every profile picture to (WebP). */
export const PROFILE_IMAGE_SIZE = 256;

/**
 * Where a user stands: `invited` until they accept the invitation (sets a password), then
 * `active`, or `deactivated` by a manager (signed out at once, can't sign in).
 */
export const USER_STATUSES = ['invited', 'active', 'deactivated'] as const;
export const UserStatus = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatus>;

/** docs/api.md `User`: the session's user plus what a manager sees in the users list. */
export const User = SessionUser.extend({
  is_active: z.boolean(),
  status: UserStatus,
  /** When the pending invitation's link expires; null once accepted. */
  invitation_expires_at: z.string().nullable(),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof User>;

export const PersonName = Text({
  min: 2,
  max: 120,
  tooShort: 'Name is too short',
  tooLong: 'Name is too long',
});

const RoleId = z.uuid({ message: 'Choose a role' });

export const CreateUserBody = z.strictObject({
  name: PersonName,
  email: Email,
  phone: Phone,
  role_id: RoleId,
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;

export const UpdateUserBody = z
  .strictObject({
    name: PersonName.optional(),
    phone: Phone.optional(),
    role_id: RoleId.optional(),
    is_active: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to change',
  });
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/**
 * `PUT /api/user/update-account`: name and phone, or a password change with the current
 * password (which ends every other session), or both.
 */
export const UpdateAccountBody = z
  .strictObject({
    name: PersonName.optional(),
    phone: Phone.optional(),
    current_password: z.string().min(1, 'Enter your current password').max(1024).optional(),
    new_password: Password.optional(),
    new_password_confirmation: z.string().max(1024).optional(),
  })
  .superRefine((body, ctx) => {
    const changesPassword = body.current_password !== undefined || body.new_password !== undefined;
    if (!changesPassword && body.name === undefined && body.phone === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Nothing to change' });
    }
    if (!changesPassword) return;
    if (body.current_password === undefined) {
      ctx.addIssue({ code: 'custom', path: ['current_password'], message: 'Enter your current password' });
    }
    if (body.new_password === undefined) {
      ctx.addIssue({ code: 'custom', path: ['new_password'], message: 'Enter a new password' });
    } else if (
      body.new_password_confirmation !== undefined &&
      body.new_password_confirmation !== body.new_password
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['new_password_confirmation'],
        message: 'The passwords do not match',
      });
    }
  });
export type UpdateAccountBody = z.infer<typeof UpdateAccountBody>;

export const InvitationToken = z.string().min(20, 'This invitation link is not valid').max(200);

export const AcceptInvitationBody = z
  .strictObject({
    token: InvitationToken,
    password: Password,
    password_confirmation: z.string().max(1024),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The passwords do not match',
  });
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

/** What the invitation page shows before the user chooses a password. */
export const Invitation = z.object({
  email: z.email(),
  name: z.string(),
  company_name: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;

/** docs/api.md: one signed-in browser of the user. */
export const UserSession = z.object({
  id: z.uuid(),
  /** "Chrome on Windows", read from the browser's User-Agent at sign-in. */
  device: z.string(),
  ip: z.string().nullable(),
  last_seen_at: z.string(),
  created_at: z.string(),
  /** The session this call came from. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof UserSession>;

/** The answers about invitations the SPA shows as they are. */
export const INVITATION = {
  expired:
    "This invitation link has expired. Ask your agency's administrator to send you a new invitation from the Users screen.",
  used: 'This invitation has already been accepted. Sign in with your e-mail and password.',
  invalid:
    "This invitation link is not valid. Check that you opened the whole link from the e-mail, or ask your agency's administrator for a new one.",
  accepted: 'Your password is set. Sign in to continue.',
  resent: 'Invitation sent again',
} as const;

/** The refusals of the users screen (409 unless stated). */
export const USER_RULES = {
  emailTaken: 'A user with this e-mail address already exists',
  ownerFixed: "The agency's owner can't be deactivated, deleted or given another role",
  notSelf: "You can't deactivate or delete your own account",
  notInvited: 'This user has already accepted the invitation',
  wrongPassword: 'The current password is not correct',
  inactive: 'This user is deactivated: reactivate them first',
  sessionEnded: 'Signed out of that device',
  othersEnded: 'Signed out of every other device',
} as const;

const IdParams = z.strictObject({ id: z.uuid() });

export const userEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/user/company-user',
    summary: "The agency's users, owner first, as `[User[], { total }]` (the SPA reads element 0)",
    access: 'company',
    permission: 'users.manage',
    response: z.tuple([z.array(User), z.object({ total: z.number().int() })]),
    fallbackMessage: FALLBACK.fetchUsers,
  }),
  roleOptions: defineEndpoint({
    method: 'GET',
    path: '/api/user/role-options',
    summary: 'The roles a manager may give a user (without needing roles.manage)',
    access: 'company',
    permission: 'users.manage',
    response: z.array(
      z.object({ id: z.uuid(), name: z.string(), description: z.string(), is_system: z.boolean() }),
    ),
    fallbackMessage: FALLBACK.fetchRoles,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/user',
    summary: 'Invite a user: e-mails a single-use set-password link (72 h)',
    access: 'company',
    permission: 'users.manage',
    body: CreateUserBody,
    response: User,
    successStatus: 201,
    fallbackMessage: FALLBACK.createUser,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/user/{id}',
    summary: "Change a user's name, phone or role, or (de)activate them; deactivation signs them out",
    access: 'company',
    permission: 'users.manage',
    params: IdParams,
    body: UpdateUserBody,
    response: User,
    fallbackMessage: FALLBACK.updateUser,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/user/{id}',
    summary: 'Delete a user (not the owner); signs them out at once, keeps their bookings',
    access: 'company',
    permission: 'users.manage',
    params: IdParams,
    response: z.object({ id: z.uuid() }),
    fallbackMessage: FALLBACK.deleteUser,
  }),
  resendInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/user/{id}/invitation',
    summary: 'Send a new invitation link (the old one stops working)',
    access: 'company',
    permission: 'users.manage',
    params: IdParams,
    response: User,
  }),
  image: defineEndpoint({
    method: 'GET',
    path: '/api/user/{id}/image',
    summary: "A user's profile picture (WebP), to users of the same agency",
    access: 'company',
    permission: 'any',
    allowUnapproved: true,
    params: IdParams,
    query: z.strictObject({ v: z.string().max(64).regex(PRINTABLE_TOKEN, 'Not a version').optional() }),
    response: z.unknown(),
  }),
  updateAccount: defineEndpoint({
    method: 'PUT',
    path: '/api/user/update-account',
    summary: 'Your own name and phone, or your password (which signs out your other devices)',
    access: 'company',
    permission: 'self',
    allowUnapproved: true,
    body: UpdateAccountBody,
    response: User,
    fallbackMessage: FALLBACK.updateAccount,
  }),
  uploadImage: defineEndpoint({
    method: 'POST',
    path: '/api/user/image',
    summary: 'Your profile picture (multipart `image`: PNG/JPEG/WebP ≤ 2 MB), stored as a square WebP',
    access: 'company',
    permission: 'self',
    allowUnapproved: true,
    multipart: true,
    response: z.object({ image_url: z.string() }),
  }),
  sessions: defineEndpoint({
    method: 'GET',
    path: '/api/user/sessions',
    summary: 'Your signed-in devices, the current one marked',
    access: 'company',
    permission: 'self',
    allowUnapproved: true,
    response: z.array(UserSession),
  }),
  endSession: defineEndpoint({
    method: 'DELETE',
    path: '/api/user/sessions/{id}',
    summary: 'Sign one of your devices out',
    access: 'company',
    permission: 'self',
    allowUnapproved: true,
    params: IdParams,
    response: z.object({ id: z.uuid() }),
  }),
  endOtherSessions: defineEndpoint({
    method: 'DELETE',
    path: '/api/user/sessions',
    summary: 'Sign out every device but this one',
    access: 'company',
    permission: 'self',
    allowUnapproved: true,
    response: z.object({ ended: z.number().int() }),
  }),
};

/**
 * Where a user's picture is read (`image_url`): the version changes with every new picture, so
 * the answer for one URL never changes and the browser may keep it for good.
 */
export const profileImageUrl = (userId: string, version: string) =>
  `${buildPath(userEndpoints.image.path, { id: userId })}?v=${encodeURIComponent(version)}`;

export const invitationEndpoints = {
  show: defineEndpoint({
    method: 'GET',
    path: '/api/invitation',
    summary: 'Who an invitation link is for (404 unknown, 410 expired or used)',
    access: 'public',
    query: z.strictObject({ token: InvitationToken }),
    response: Invitation,
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/accept-invitation',
    summary: "Set the invited user's password with the link's token (single use, 72 h)",
    access: 'public',
    body: AcceptInvitationBody,
    response: z.object({}),
  }),
};
