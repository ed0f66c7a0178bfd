import { Readable } from 'node:stream';
import { type ParsedQueryOf, paymentEndpoints, type Statement } from '@skydesk/contract';
import type { FastifyReply } from 'fastify';
import type { Clock } from '../../../platform/clock.js';
import { REPLY_SENT } from '../../../platform/http/endpoint-route.js';
import type { ModuleContext } from '../../../platform/module.js';
import { statementCsv } from './csv.js';
import { statementPdf } from './pdf.js';
import { createStatementService, type StatementService } from './service.js';

/** docs/api.md#payments: the agency's own statement (its company is the caller's, never a parameter). */
export function registerStatementRoutes({ route, store, clock }: ModuleContext) {
  const statements = createStatementService({ store, clock });
  route(paymentEndpoints.statement, ({ principal, query, reply }) =>
    serveStatement({ statements, clock }, principal.companyId, query, reply),
  );
}

export type StatementQueryInput = ParsedQueryOf<typeof paymentEndpoints.statement>;

/**
 * A statement as asked: a page of JSON, or the whole range streamed as CSV or PDF (an
 * attachment named after its days). Shared by the agency's call and the operator's.
 */
export async function serveStatement(
  deps: { statements: StatementService; clock: Clock },
  companyId: string,
  query: StatementQueryInput,
  reply: FastifyReply,
): Promise<{ data: Statement; message: string } | typeof REPLY_SENT> {
  const { statements, clock } = deps;
  const range = await statements.range(companyId, query);
  if (query.format === 'json') {
    return {
      message: 'Statement',
      data: await statements.page(range, query.page, query.limit, { order: query.order, kinds: query.kind }),
    };
  }
  // Checked before any header is set: a refusal is an ordinary JSON error, not an attachment.
  if (query.format === 'pdf') statements.assertPrintable(range);
  const name = `statement-${range.from}-${range.to}.${query.format}`;
  reply
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  if (query.format === 'csv') {
    reply
      .type('text/csv; charset=utf-8')
      .send(Readable.from(statementCsv(range, statements.lines(range)), { highWaterMark: 2 }));
  } else {
    reply.type('application/pdf').send(statementPdf(range, statements.lines(range), clock.now()));
  }
  return REPLY_SENT;
}
