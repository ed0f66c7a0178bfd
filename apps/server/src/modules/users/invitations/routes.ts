import { INVITATION, invitationEndpoints } from '@skydesk/contract';
import type { EndpointRegistrar } from '../../../platform/http/endpoint-route.js';
import type { Invitations } from './service.js';

/** The invited user's two public calls: who the link is for, and choosing the password. */
export function registerInvitationRoutes(route: EndpointRegistrar, invitations: Invitations) {
  route(invitationEndpoints.show, async ({ query, request }) => ({
    message: 'Invitation',
    data: await invitations.show(query.token, request.ip),
  }));

  route(invitationEndpoints.accept, async ({ body, request }) => ({
    message: INVITATION.accepted,
    data: await invitations.accept(body.token, body.password, request.ip),
  }));
}
