import {
  hasForbiddenCharacters,
  RECEIPT_FIELD,
  SUPPORT_ATTACHMENT_FIELD,
  TEXT_MESSAGES,
} from '@skydesk/contract';
import type { LightMyRequestResponse as Response } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import {
  get,
  onboardedOwner,
  randomIp,
  type SignedIn,
  sampleFiles,
  setCompanyStatus,
  type TestApp,
} from '../support/auth-flow.js';
import { type Agent, bookingAgent } from '../support/bookings.js';
import { testBank } from '../support/deposit-desk.js';
import { type Operator, signedInOperator, signInAgainAsOperator } from '../support/operator.js';
import { storeKinds } from '../support/stores.js';

/**
 * Issue 27, "no text the database refuses": a file's name is text from a client that is stored
 * and shown to others (an operator reviewing documents, the other side of a support chat). Every
 * upload call takes any name a client may send — NUL and other control characters, bidirectional
 * overrides that make `invoice‮gnp.exe` read as `invoiceexe.png`, broken UTF-8, names longer than
 * the column — and keeps it without them, never a 5xx; a retry under the same Idempotency-Key
 * answers the same. A file is served under its name with the extension of what it really is.
 */

/** A multipart body written byte for byte, so a file name reaches the server exactly as sent. */
function rawForm(
  fields: Record<string, string>,
  files: { field: string; disposition: string; content: Buffer }[],
) {
  const boundary = 'skydeskStoredTextBoundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; `),
      Buffer.from(file.disposition, 'utf8'),
      Buffer.from('\r\nContent-Type: application/octet-stream\r\n\r\n'),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(chunks) };
}

/** Characters no stored name keeps: C0 and C1 controls, bidirectional controls, lone surrogates. */
const unstorable = (name: string) =>
  hasForbiddenCharacters(name) || /[\u202a-\u202e\u2066-\u2069]/.test(name);

type Name = { label: string; disposition: string; kept: string };

/** Names as a hostile or broken client sends them (the `filename` parameters), and what is kept. */
const NAMES: Name[] = [
  { label: 'a NUL', disposition: 'filename="scan\u0000.pdf"', kept: 'scan.pdf' },
  { label: 'control characters', disposition: 'filename="sc\u0007an\u001b\u007f.pdf"', kept: 'scan.pdf' },
  { label: 'a NUL, percent-encoded', disposition: "filename*=UTF-8''scan%00%01.pdf", kept: 'scan.pdf' },
  { label: 'a C1 control', disposition: "filename*=UTF-8''scan%C2%85.pdf", kept: 'scan.pdf' },
  {
    label: 'a right-to-left override',
    disposition: "filename*=UTF-8''invoice%E2%80%AEfdp.exe",
    kept: 'invoicefdp.exe',
  },
  { label: 'isolates', disposition: "filename*=UTF-8''%E2%81%A6scan%E2%81%A9.pdf", kept: 'scan.pdf' },
  { label: 'a lone surrogate, as UTF-8 bytes', disposition: "filename*=UTF-8''scan%ED%A0%80.pdf", kept: '' },
  { label: 'nothing but controls', disposition: 'filename="\u0000\u0001"', kept: '' },
  { label: 'an emoji cut at the length limit', disposition: `filename="${'a'.repeat(199)}🛫.pdf"`, kept: '' },
];

type Upload = {
  label: string;
  /** Sends a PDF under the name (with an Idempotency-Key when given). */
  send(disposition: string, key?: string): Promise<Response>;
  /** The stored name as the app shows it, and the answer of downloading the file. */
  read(res: Response): Promise<{ shown: string | undefined; download: Response }>;
};

describe.each(storeKinds())('stored text on %s', (kind) => {
  let t: TestApp;
  let agent: Agent;
  let owner: SignedIn & { companyId: string };
  let operator: Operator;
  let bankId: string;
  let ticketId: string;

  const send = (url: string, token: string, form: ReturnType<typeof rawForm>, key?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: form.payload,
      remoteAddress: randomIp(),
      headers: {
        'content-type': form.contentType,
        authorization: `Bearer ${token}`,
        ...(key ? { 'idempotency-key': key } : {}),
      },
    });
  const read = (url: string, token: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: randomIp(),
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    // A route that forgot to check its text: what PostgreSQL itself refuses must still be a 4xx.
    t.app.post('/api/test-unchecked-text', async (request) => {
      const { text, json } = request.body as { text?: string; json?: string };
      if (text !== undefined) await sql`select ${text}::text as kept`.execute(t.store.db);
      if (json !== undefined) await sql`select ${json}::jsonb as kept`.execute(t.store.db);
      return { status: true, message: 'Kept', data: {} };
    });
    agent = await bookingAgent(t);
    const vendor = await onboardedOwner(t);
    owner = { ...vendor, companyId: vendor.user.company_id };
    operator = await signedInOperator(t);
    bankId = await testBank(t.store.db);
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: { authorization: `Bearer ${agent.token}` },
      payload: { subject: 'Files with odd names', category: 'other', priority: 'normal', message: 'Hello' },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    ticketId = ticket.json().data.id;
  });
  afterAll(async () => t?.close());

  /** A bank reference is recorded once: a retry's is its key's, any other send's its own. */
  let references = 0;
  const reference = (key?: string) => (key ? `TT-${key}` : `TT-${++references}-${Date.now()}`);

  const uploads = (): Upload[] => [
    {
      label: 'a vendor document',
      send: async (disposition) => {
        // Rejected, the agency may send its documents again.
        await setCompanyStatus(t.store.db, owner.companyId, 'rejected', 'Send them again');
        return send(
          '/api/vendor-form',
          owner.token,
          rawForm({ trade_license_number: 'TL-2026-00931', tax_number: '100234567800003' }, [
            { field: 'trade_license', disposition, content: sampleFiles.pdf() },
            {
              field: 'owner_id_document',
              disposition: 'filename="passport.png"',
              content: sampleFiles.png(),
            },
          ]),
        );
      },
      read: async () => {
        const status = await get(t, '/api/vendor-form', { token: owner.token });
        const document = status
          .json()
          .data.submission.documents.find((d: { kind: string }) => d.kind === 'trade_license');
        return { shown: document.file_name, download: await read(document.url, owner.token) };
      },
    },
    {
      label: 'a deposit receipt',
      send: (disposition, key) =>
        send(
          '/api/company/create-transaction',
          agent.token,
          rawForm(
            { bank_id: bankId, amount: '120.50', deposit_date: '2026-11-20', reference_no: reference(key) },
            [{ field: RECEIPT_FIELD, disposition, content: sampleFiles.pdf() }],
          ),
          key,
        ),
      read: async (res) => ({
        shown: undefined,
        download: await read(res.json().data.receipt_url, agent.token),
      }),
    },
    {
      label: "an agency's file on a ticket",
      send: (disposition) =>
        send(
          `/api/ticket/${ticketId}/attachments`,
          agent.token,
          rawForm({}, [{ field: SUPPORT_ATTACHMENT_FIELD, disposition, content: sampleFiles.pdf() }]),
        ),
      read: async (res) => {
        const attachment = res.json().data.attachment;
        return { shown: attachment.file_name, download: await read(attachment.url, agent.token) };
      },
    },
    {
      label: "an operator's file on a ticket",
      send: async (disposition) => {
        operator = await signInAgainAsOperator(t, operator);
        return send(
          `/api/admin/tickets/${ticketId}/attachments`,
          operator.token,
          rawForm({}, [{ field: SUPPORT_ATTACHMENT_FIELD, disposition, content: sampleFiles.pdf() }]),
        );
      },
      read: async (res) => {
        const attachment = res.json().data.attachment;
        return { shown: attachment.file_name, download: await read(attachment.url, operator.token) };
      },
    },
  ];

  /** The file name a download answer carries. */
  const downloadedName = (res: Response) =>
    /filename="([^"]*)"/.exec(String(res.headers['content-disposition'] ?? ''))?.[1];

  for (const upload of uploads()) {
    it.each(NAMES.map((name) => [name.label, name] as const))(
      `${upload.label} named with %s is kept without what no name may hold`,
      async (_, name) => {
        const res = await upload.send(name.disposition);
        expect(res.statusCode, `${upload.label}, ${name.label}: ${res.body}`).toBeLessThan(300);
        const { shown, download } = await upload.read(res);
        if (shown !== undefined) {
          expect(unstorable(shown), JSON.stringify(shown)).toBe(false);
          if (name.kept) expect(shown).toBe(name.kept);
          else expect(shown.length).toBeGreaterThan(0);
          expect([...shown].length).toBeLessThanOrEqual(200);
        }
        expect(download.statusCode, download.body).toBe(200);
        expect(downloadedName(download)).toMatch(/\.pdf$/);
      },
    );
  }

  it('answers a retried deposit under the same Idempotency-Key the same, its odd name and all', async () => {
    const key = `receipt-${Date.now()}`;
    const form = rawForm(
      { bank_id: bankId, amount: '80.00', deposit_date: '2026-11-21', reference_no: reference(key) },
      [{ field: RECEIPT_FIELD, disposition: 'filename="receipt\u0000.pdf"', content: sampleFiles.pdf() }],
    );
    const first = await send('/api/company/create-transaction', agent.token, form, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send('/api/company/create-transaction', agent.token, form, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('serves a file under the extension of what it is, whatever it was called', async () => {
    const agency = uploads().find((upload) => upload.label === "an agency's file on a ticket")!;
    for (const [sent, content, served] of [
      ['x.html', sampleFiles.png(), 'x.png'],
      ['scan', sampleFiles.pdf(), 'scan.pdf'],
      ['photo.JPG', sampleFiles.jpeg(), 'photo.JPG'],
      ['photo.jpeg', sampleFiles.jpeg(), 'photo.jpeg'],
      ['boarding pass.pdf', sampleFiles.png(), 'boarding_pass.png'],
      ['archive.tar.gz', sampleFiles.pdf(), 'archive.tar.pdf'],
    ] as const) {
      const res = await send(
        `/api/ticket/${ticketId}/attachments`,
        agent.token,
        rawForm({}, [{ field: SUPPORT_ATTACHMENT_FIELD, disposition: `filename="${sent}"`, content }]),
      );
      expect(res.statusCode, res.body).toBe(201);
      const { download } = await agency.read(res);
      expect(downloadedName(download), sent).toBe(served);
    }
  });

  it('answers text the store refuses, past a check someone forgot, 400 in the envelope, never 500', async () => {
    for (const body of [
      { text: 'Blue\u0000Sky' },
      { json: JSON.stringify({ name: 'Blue\u0000Sky' }) },
      { json: '{"name":"Blue\\ud800Sky"}' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/test-unchecked-text', payload: body });
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ status: false, message: TEXT_MESSAGES.unstorable });
    }
    const kept = await t.app.inject({
      method: 'POST',
      url: '/api/test-unchecked-text',
      payload: { text: 'Zoë 🛫' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });
});
