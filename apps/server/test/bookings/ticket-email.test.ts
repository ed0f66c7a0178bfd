import { randomUUID } from 'node:crypto';
import { BOOKING_MESSAGES, type Booking, type BookingDetails } from '@skydesk/contract';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_MAIL_RULES } from '../../src/modules/bookings/booking/service.js';
import { createOutboxMailer, type Mailer } from '../../src/platform/mail/mailer.js';
import { createTestApp } from '../support/app.js';
import { get, outbox, post, type TestApp } from '../support/auth-flow.js';
import {
  type Agent,
  agentWithPermissions,
  bookingAgent,
  bookingBody,
  bookOk,
  issueOk,
  searchOffer,
} from '../support/bookings.js';
import { storeKinds } from '../support/stores.js';

/** The text of a PDF, its runs joined by spaces. */
async function pdfText(pdf: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(pdf);
  const runs: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item) runs.push(item.str);
  }
  return runs.join(' ');
}

describe.each(storeKinds())('e-mailing the e-ticket on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let stranger: Agent;
  let ticketed: Booking;
  let held: Booking;

  const send = (bookingId: string, recipients: unknown, who: Agent = agent) =>
    post(t, `/api/booking/${bookingId}/ticket-email`, { recipients }, { token: who.token });
  const details = async (bookingId: string): Promise<BookingDetails> =>
    (await get(t, `/api/booking/${bookingId}`, { token: agent.token })).json().data;

  beforeAll(async () => {
    // The outbox, except for a domain whose mail server refuses (as an SMTP server can).
    let outboxMailer: Mailer | undefined;
    const mailer: Mailer = {
      transport: 'outbox',
      async send(mail) {
        if (mail.to.endsWith('@refused.example')) throw new Error('550 5.1.1 mailbox unavailable');
        await outboxMailer!.send(mail);
      },
    };
    t = await createTestApp(kind, { mailer });
    outboxMailer = createOutboxMailer(t.store.db, t.app.log);
    agent = await bookingAgent(t, { creditsMinor: 1_000_000 });
    stranger = await bookingAgent(t, { creditsMinor: 1_000_000 });
    const offer = await searchOffer(t, agent);
    ticketed = await issueOk(t, agent, (await bookOk(t, agent, bookingBody(offer))).pnr);
    held = await bookOk(t, agent, bookingBody(offer));
  });
  afterAll(async () => t?.close());

  it('mails the PDF to each address on its own, the same PDF as the download, and records it in the history', async () => {
    const traveller = `traveller-${randomUUID()}@example.com`;
    // After the issue in the history (a clock standing still would tie their times).
    t.clock.advance(60_000);
    const res = await send(ticketed.id, [ticketed.contact.email, ` ${traveller.toUpperCase()} `, traveller]);
    expect(res.statusCode, res.body).toBe(200);
    // Trimmed, lower-cased and each address once.
    expect(res.json()).toMatchObject({
      status: true,
      message: BOOKING_MESSAGES.ticketEmailed(2),
      data: { sent_to: [ticketed.contact.email, traveller], sent_at: t.clock.now().toISOString() },
    });

    const [mail, ...more] = await outbox(t, traveller);
    expect(more).toHaveLength(0);
    expect(mail!.to).toBe(traveller);
    const agency = await t.store.db
      .selectFrom('companies')
      .select('name')
      .where('id', '=', agent.companyId)
      .executeTakeFirstOrThrow();
    const sender = await t.store.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', agent.user.id)
      .executeTakeFirstOrThrow();
    expect(mail!.subject).toBe(`E-ticket ${ticketed.pnr} from ${agency.name}`);
    expect(mail!.text).toContain(`booking ${ticketed.pnr}`);
    expect(mail!.text).toContain(
      `${ticketed.passengers[0]!.first_name} ${ticketed.passengers[0]!.last_name}`,
    );
    expect(mail!.text).toContain(`Sent by ${sender.name} of ${agency.name}`);
    expect(mail!.attachments).toHaveLength(1);
    const attached = mail!.attachments[0]!;
    expect(attached).toMatchObject({
      filename: `e-ticket-${ticketed.pnr}.pdf`,
      content_type: 'application/pdf',
    });
    const pdf = Buffer.from(attached.content_base64, 'base64');
    // The clock stands still here, so the download prints the same bytes.
    const download = await get(t, `/api/booking/${ticketed.id}/ticket.pdf`, { token: agent.token });
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(await pdfText(new Uint8Array(pdf))).toContain(ticketed.pnr);
    expect((await outbox(t, ticketed.contact.email)).some((m) => m.subject.startsWith('E-ticket'))).toBe(
      true,
    );

    const history = (await details(ticketed.id)).history;
    expect(history.at(-1)).toMatchObject({
      action: 'e_ticket_sent',
      from_status: null,
      to_status: 'ticketed',
      note: `E-ticket e-mailed to ${ticketed.contact.email}, ${traveller}`,
      actor: { id: agent.user.id, name: sender.name },
    });
  });

  it('answers 422 with field errors for bad or missing addresses, sending nothing', async () => {
    const before = (await details(ticketed.id)).history.length;
    for (const recipients of [
      [],
      ['not-an-address'],
      ['ok@example.com', 'two@@example.com'],
      'a@example.com',
    ]) {
      const res = await send(ticketed.id, recipients);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().status).toBe(false);
      expect(Object.keys(res.json().data?.errors ?? {}).some((field) => field.startsWith('recipients'))).toBe(
        true,
      );
    }
    const tooMany = Array.from({ length: 11 }, (_, i) => `p${i}@example.com`);
    expect((await send(ticketed.id, tooMany)).json().data.errors.recipients).toEqual([
      'At most 10 addresses at a time',
    ]);
    expect(await outbox(t, 'ok@example.com')).toHaveLength(0);
    expect((await details(ticketed.id)).history).toHaveLength(before);
  });

  it('answers 503 when the mail server refuses, saying who got it, and records only those', async () => {
    t.clock.advance(60_000);
    const res = await send(ticketed.id, [
      'first.ok@example.com',
      'someone@refused.example',
      'never@example.com',
    ]);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(
      'The e-ticket could not be sent to someone@refused.example: the mail server did not take it. Try again later. It went to first.ok@example.com only.',
    );
    expect(await outbox(t, 'first.ok@example.com')).toHaveLength(1);
    expect(await outbox(t, 'never@example.com')).toHaveLength(0);
    expect((await details(ticketed.id)).history.at(-1)).toMatchObject({
      action: 'e_ticket_sent',
      note: 'E-ticket e-mailed to first.ok@example.com',
    });
  });

  it('answers 409 for a booking without tickets', async () => {
    const res = await send(held.id, ['someone@example.com']);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Booking ${held.pnr} has no tickets yet: issue it first`);
  });

  it('answers 404 for another agency’s booking or a missing one, exactly as for details', async () => {
    for (const id of [ticketed.id, randomUUID()]) {
      const res = await send(id, ['someone@example.com'], stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: false, message: 'Booking not found' });
    }
    expect(await outbox(t, 'someone@example.com')).toHaveLength(0);
  });

  it('answers 403 to a role that may not view bookings', async () => {
    const noView = await agentWithPermissions(t, ['bookings.create']);
    const res = await send(ticketed.id, ['someone@example.com'], noView);
    expect(res.statusCode).toBe(403);
  });

  it('refuses (409) to mail a voided booking’s e-ticket, whose PDF still downloads marked VOID', async () => {
    const offer = await searchOffer(t, agent);
    const booking = await issueOk(t, agent, (await bookOk(t, agent, bookingBody(offer))).pnr);
    t.clock.advance(60_000);
    const voided = await post(
      t,
      '/api/request-cancel-booking',
      { booking_id: booking.id, reason: 'Traveller changed plans' },
      { token: agent.token },
    );
    expect(voided.json().message).toBe(BOOKING_MESSAGES.ticketsVoided);
    const res = await send(booking.id, ['someone@example.com']);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Booking ${booking.pnr} is voided: its tickets are not valid for travel, so the e-ticket is not sent`,
    );
    expect(await outbox(t, 'someone@example.com')).toHaveLength(0);

    const pdf = await get(t, `/api/booking/${booking.id}/ticket.pdf`, { token: agent.token });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(new Uint8Array(pdf.rawPayload));
    expect(text).toContain('VOID');
    expect(text).toMatch(/Voided on \d{1,2} \w{3} 2026 \d{2}:\d{2} UTC/);
  });

  it(`allows ${TICKET_MAIL_RULES.perBooking.limit} sends of one booking an hour, then 429 with Retry-After`, async () => {
    const offer = await searchOffer(t, agent);
    const booking = await issueOk(t, agent, (await bookOk(t, agent, bookingBody(offer))).pnr);
    for (let i = 0; i < TICKET_MAIL_RULES.perBooking.limit; i += 1) {
      expect((await send(booking.id, [`again-${i}@example.com`])).statusCode).toBe(200);
    }
    const res = await send(booking.id, ['once-more@example.com']);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await outbox(t, 'once-more@example.com')).toHaveLength(0);
  });
});
