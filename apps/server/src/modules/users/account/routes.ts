import { SUCCESS, USER_RULES, userEndpoints } from '@skydesk/contract';
import { REPLY_SENT } from '../../../platform/http/endpoint-route.js';
import { sendStoredFile } from '../../../platform/http/send-stored-file.js';
import type { ModuleContext } from '../../../platform/module.js';
import { PROFILE_IMAGE_FIELD, PROFILE_IMAGE_FORM } from './profile-image.js';
import { createAccount } from './service.js';

/** A picture's URL carries its version (`?v=`), so that URL's answer may be kept for good. */
const FOREVER = 'private, max-age=31536000, immutable';
/** Without the current version: a browser asks again each time. */
const REVALIDATE = 'private, no-cache';

/** The signed-in user's own account: details, password, picture and signed-in browsers. */
export function registerAccountRoutes({ route, store, clock, platform, log }: ModuleContext) {
  const account = createAccount({
    db: store.db,
    clock,
    passwords: platform.passwords,
    files: platform.files,
    log,
  });

  route(userEndpoints.updateAccount, async ({ principal, body, request }) => ({
    message: SUCCESS.accountUpdated,
    data: await account.updateAccount(principal, body, request.ip),
  }));

  route(
    userEndpoints.uploadImage,
    async ({ principal, form }) => ({
      message: SUCCESS.imageUploaded,
      data: await account.uploadImage(principal, form.files[PROFILE_IMAGE_FIELD]),
    }),
    { form: PROFILE_IMAGE_FORM },
  );

  route(userEndpoints.image, async ({ principal, params, query, reply }) => {
    const { content, fresh } = await account.image(principal, params.id, query.v);
    sendStoredFile(
      reply,
      { contentType: 'image/webp', fileName: `${params.id}.webp`, content },
      { cacheControl: fresh ? FOREVER : REVALIDATE },
    );
    return REPLY_SENT;
  });

  route(userEndpoints.sessions, async ({ principal }) => ({
    message: 'Your signed-in devices',
    data: await account.sessions(principal),
  }));

  route(userEndpoints.endSession, async ({ principal, params }) => ({
    message: USER_RULES.sessionEnded,
    data: await account.endSession(principal, params.id),
  }));

  route(userEndpoints.endOtherSessions, async ({ principal }) => ({
    message: USER_RULES.othersEnded,
    data: await account.endOtherSessions(principal),
  }));
}
