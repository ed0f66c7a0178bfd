import { companyEndpoints, userEndpoints } from '@skydesk/contract';
import { companyProfileApi } from '../../entities/company/company-profile-api';
import { contractMutation, contractQuery } from '../../shared/http/contract-endpoints';
import { settledAnswer } from '../../shared/http/settled-answer';
import { sessionUserUpdated } from '../../shared/session/session-slice';

/**
 * The signed-in user's own account on the settings screen (docs/api.md#company-users-and-roles:
 * update-account, image, sessions) and the agency's profile. Each write's answer is taken as it
 * is: the session's user follows a new name, phone or picture at once (the header shows them), an
 * ended session leaves the list, a saved profile replaces the one shown (the profile's read is
 * entities/company's: the dashboard's home reads the agency's time zone from it).
 */
export const accountApi = companyProfileApi.injectEndpoints({
  endpoints: (build) => ({
    /** Field errors (a wrong current password among them) land on the form: not toasted. */
    updateAccount: contractMutation(build, userEndpoints.updateAccount, {
      suppressErrors: true,
      async onQueryStarted({ body }, { dispatch, queryFulfilled }) {
        const user = await settledAnswer(queryFulfilled);
        if (!user) return;
        dispatch(sessionUserUpdated({ name: user.name, phone: user.phone }));
        // A new password signed every other device out.
        if (body.new_password !== undefined) dispatch(keepOnlyThisDevice);
      },
    }),
    /** A refused picture is said beside the picker: not toasted. */
    uploadImage: contractMutation(build, userEndpoints.uploadImage, {
      suppressErrors: true,
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const answer = await settledAnswer(queryFulfilled);
        if (answer) dispatch(sessionUserUpdated({ image_url: answer.image_url }));
      },
    }),
    /** The failure is shown in the devices card, with a way to ask again. */
    sessions: contractQuery(build, userEndpoints.sessions, { suppressErrors: true }),
    endSession: contractMutation(build, userEndpoints.endSession, {
      async onQueryStarted({ params }, { dispatch, queryFulfilled }) {
        if (!(await settledAnswer(queryFulfilled))) return;
        dispatch(
          accountApi.util.updateQueryData('sessions', undefined, (sessions) =>
            sessions.filter((session) => session.id !== params.id),
          ),
        );
      },
    }),
    endOtherSessions: contractMutation(build, userEndpoints.endOtherSessions, {
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        if (await settledAnswer(queryFulfilled)) dispatch(keepOnlyThisDevice);
      },
    }),
    /** Field errors land on the form: not toasted. */
    updateCompanyProfile: contractMutation(build, companyEndpoints.updateProfile, {
      suppressErrors: true,
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const profile = await settledAnswer(queryFulfilled);
        if (profile) dispatch(accountApi.util.upsertQueryData('companyProfile', undefined, profile));
      },
    }),
  }),
});

/** The devices list once every other session has ended. */
const keepOnlyThisDevice = accountApi.util.updateQueryData('sessions', undefined, (sessions) =>
  sessions.filter((session) => session.current),
);
