import { invitationEndpoints, type ResponseOf, type User, userEndpoints } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import { contractMutation, contractQuery } from '../../shared/http/contract-endpoints';
import { settledAnswer } from '../../shared/http/settled-answer';

/** A role a manager may give a user, with what it is for. */
export type RoleOption = ResponseOf<typeof userEndpoints.roleOptions>[number];

/**
 * The agency's staff (docs/api.md#company-users-and-roles) and the public invitation page. docs/product-spec.md §4:
 * the list takes each write's answer — a new user is appended, an edited one merged, a deleted
 * one removed — instead of being asked for again.
 */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** docs/api.md: `[ User[], { total } ]`, read as its first element (docs/product-spec.md §3). */
    users: contractQuery(build, userEndpoints.list, { transformResponse: ([users]): User[] => users }),
    roleOptions: contractQuery(build, userEndpoints.roleOptions),
    /** Field errors and the e-mail already taken land on the form: not toasted. */
    createUser: contractMutation(build, userEndpoints.create, {
      suppressErrors: true,
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const created = await settledAnswer(queryFulfilled);
        if (!created) return;
        dispatch(
          usersApi.util.updateQueryData('users', undefined, (list) => {
            if (!list.some((user) => user.id === created.id)) list.push(created);
          }),
        );
      },
    }),
    /** The edit dialog shows field errors on its fields and toasts any other failure itself. */
    updateUser: contractMutation(build, userEndpoints.update, {
      suppressErrors: true,
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const updated = await settledAnswer(queryFulfilled);
        if (updated) dispatch(mergeUser(updated));
      },
    }),
    /** Deactivate or reactivate from the list: a refusal (the owner, yourself) is toasted by the client. */
    setUserActive: contractMutation(build, userEndpoints.update, {
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const updated = await settledAnswer(queryFulfilled);
        if (updated) dispatch(mergeUser(updated));
      },
    }),
    removeUser: contractMutation(build, userEndpoints.remove, {
      async onQueryStarted({ params }, { dispatch, queryFulfilled }) {
        if (!(await settledAnswer(queryFulfilled))) return;
        dispatch(
          usersApi.util.updateQueryData('users', undefined, (list) =>
            list.filter((user) => user.id !== params.id),
          ),
        );
      },
    }),
    /** A new link (and a new expiry) for an invited user. */
    resendInvitation: contractMutation(build, userEndpoints.resendInvitation, {
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const updated = await settledAnswer(queryFulfilled);
        if (updated) dispatch(mergeUser(updated));
      },
    }),
    /** Who the link is for; an expired, used or unknown link is said on the page, not in a toast. */
    invitation: contractQuery(build, invitationEndpoints.show, { suppressErrors: true }),
    acceptInvitation: contractMutation(build, invitationEndpoints.accept, { suppressErrors: true }),
  }),
});

/** docs/product-spec.md §4: an edited user's returned fields are merged into the list. */
const mergeUser = (updated: User) =>
  usersApi.util.updateQueryData('users', undefined, (list) => {
    const index = list.findIndex((user) => user.id === updated.id);
    if (index >= 0) list[index] = { ...list[index], ...updated };
  });
