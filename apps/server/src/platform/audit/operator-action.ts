import type { FastifyRequest } from 'fastify';
import type { OperatorPrincipal } from '../http/principal.js';

/** Who acts in the back office, and the request they act through: what every audit entry keeps. */
export type OperatorAction = {
  operatorId: string;
  requestId: string;
  /** The client address (X-Forwarded-For's when TRUST_PROXY is on). */
  ip: string;
};

export const operatorAction = (principal: OperatorPrincipal, request: FastifyRequest): OperatorAction => ({
  operatorId: principal.operatorId,
  requestId: request.id,
  ip: request.ip,
});
