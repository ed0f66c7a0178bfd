import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { DEMO } from '../src/db/seed-demo.js';

/**
 * The demo owner signs in as an agent would — password, then the authenticator code — and the
 * benchmark gets the Authorization header and the agency to call with.
 */
export async function signInDemoOwner(
  app: FastifyInstance,
): Promise<{ authorization: string; companyId: string }> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: DEMO.ownerEmail, password: DEMO.password },
  });
  const code = new TOTP({ secret: Secret.fromBase32(DEMO.totpSecret) }).generate();
  const session = await app.inject({
    method: 'POST',
    url: '/api/user/verify-google-authenticator',
    headers: { authorization: `Bearer ${login.json().data.challenge_token}` },
    payload: { code },
  });
  const { token, user } = session.json().data as { token: string; user: { company_id: string } };
  return { authorization: `Bearer ${token}`, companyId: user.company_id };
}

/** The demo operator signs in the same way (password, then the authenticator code) to the console's API. */
export async function signInDemoOperator(app: FastifyInstance): Promise<{ authorization: string }> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email: DEMO.operatorEmail, password: DEMO.password },
  });
  const code = new TOTP({ secret: Secret.fromBase32(DEMO.totpSecret) }).generate();
  const session = await app.inject({
    method: 'POST',
    url: '/api/admin/verify-google-authenticator',
    headers: { authorization: `Bearer ${login.json().data.challenge_token}` },
    payload: { code },
  });
  if (session.statusCode !== 200) throw new Error(`operator sign-in: ${session.statusCode} ${session.body}`);
  return { authorization: `Bearer ${session.json().data.token as string}` };
}
