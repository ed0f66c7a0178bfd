import {
  adminAnnouncementEndpoints,
  adminOfferEndpoints,
  NOTICE_IMAGE_FIELD,
  type NoticePostKind,
} from '@skydesk/contract';
import { operatorAction } from '../../../platform/audit/operator-action.js';
import { REPLY_SENT } from '../../../platform/http/endpoint-route.js';
import { sendStoredFile } from '../../../platform/http/send-stored-file.js';
import type { ModuleContext } from '../../../platform/module.js';
import { NOTICE_IMAGE_FORM } from './image.js';
import { createAdminNoticeService } from './service.js';

/** A picture's URL carries its version (`?v=`), so that URL's answer may be kept for good. */
const FOREVER = 'private, max-age=31536000, immutable';
const REVALIDATE = 'private, no-cache';

const NOUN: Record<NoticePostKind, string> = { announcement: 'Announcement', offer: 'Offer' };

/** The operators' announcements and offers: the same calls for each kind, under its own path. */
export function registerAdminNoticeRoutes({ route, store, clock, platform, log }: ModuleContext) {
  const notices = createAdminNoticeService({ db: store.db, clock, files: platform.files, log });

  for (const [kind, endpoints] of [
    ['announcement', adminAnnouncementEndpoints],
    ['offer', adminOfferEndpoints],
  ] as const) {
    const noun = NOUN[kind];

    route(endpoints.list, async ({ query }) => ({
      message: `${noun}s`,
      data: await notices.list(kind, query),
    }));

    route(endpoints.view, async ({ params }) => ({
      message: noun,
      data: await notices.view(kind, params.id),
    }));

    route(endpoints.create, async ({ principal, request, body }) => ({
      message: `${noun} saved`,
      data: await notices.create(operatorAction(principal, request), kind, body),
    }));

    route(endpoints.update, async ({ principal, request, params, body }) => ({
      message: `${noun} saved`,
      data: await notices.update(operatorAction(principal, request), kind, params.id, body),
    }));

    route(endpoints.remove, async ({ principal, request, params }) => ({
      message: `${noun} deleted`,
      data: await notices.remove(operatorAction(principal, request), kind, params.id),
    }));

    route(
      endpoints.uploadImage,
      async ({ principal, request, params, form }) => ({
        message: 'Image uploaded successfully',
        data: await notices.uploadImage(
          operatorAction(principal, request),
          kind,
          params.id,
          form.files[NOTICE_IMAGE_FIELD],
        ),
      }),
      { form: NOTICE_IMAGE_FORM },
    );

    route(endpoints.removeImage, async ({ principal, request, params }) => ({
      message: 'Image removed',
      data: await notices.removeImage(operatorAction(principal, request), kind, params.id),
    }));

    route(endpoints.image, async ({ params, query, reply }) => {
      const { content, fresh } = await notices.image(kind, params.id, query.v);
      sendStoredFile(
        reply,
        { contentType: 'image/webp', fileName: `${params.id}.webp`, content },
        { cacheControl: fresh ? FOREVER : REVALIDATE },
      );
      return REPLY_SENT;
    });
  }
}
