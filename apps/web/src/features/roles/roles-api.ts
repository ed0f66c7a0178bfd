import { roleEndpoints } from '@skydesk/contract';
import { api } from '../../shared/http/api';
import { contractMutation, contractQuery } from '../../shared/http/contract-endpoints';

/**
 * The agency's roles (docs/api.md#company-users-and-roles). A role's changes reach its users at their
 * next sign-in; here the list is asked again after each write.
 */
export const rolesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every role at once (the list's default limit): an agency has a handful. */
    roles: contractQuery(build, roleEndpoints.list, { providesTags: ['Roles'] }),
    /** Field errors and a taken name land on the form: not toasted. */
    createRole: contractMutation(build, roleEndpoints.create, {
      suppressErrors: true,
      invalidatesTags: (role) => (role ? ['Roles'] : []),
    }),
    updateRole: contractMutation(build, roleEndpoints.update, {
      suppressErrors: true,
      invalidatesTags: (role) => (role ? ['Roles'] : []),
    }),
    /** The 409 of a role users still hold is shown in the confirmation, as the server words it. */
    deleteRole: contractMutation(build, roleEndpoints.remove, {
      suppressErrors: true,
      invalidatesTags: (deleted) => (deleted ? ['Roles'] : []),
    }),
  }),
});
