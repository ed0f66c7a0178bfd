import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * The success envelope of a list that may be long (the spec pages deposits 10,000,000 at a time):
 * `{"status":true,"message":…,"data":[…]}` written batch by batch as the client reads, so only one
 * batch is ever in memory.
 */
export async function* jsonListText(
  message: string,
  batches: AsyncIterable<readonly unknown[]>,
): AsyncGenerator<string> {
  yield `{"status":true,"message":${JSON.stringify(message)},"data":[`;
  let separator = '';
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    yield separator + batch.map((item) => JSON.stringify(item)).join(',');
    separator = ',';
  }
  yield ']}';
}

/**
 * Sends the list's envelope (200, JSON) as a stream that reads the next batch only when the
 * client has taken the last one. The first batch is read before anything is sent, so a store that
 * fails at once still answers with an error envelope; a failure later can only cut the answer short.
 */
export async function sendJsonList(
  reply: FastifyReply,
  message: string,
  batches: AsyncIterable<readonly unknown[]>,
): Promise<void> {
  const text = jsonListText(message, batches);
  const head: string[] = [];
  for (let chunk = 0; chunk < 2; chunk++) {
    const next = await text.next();
    if (next.done) break;
    head.push(next.value);
  }
  async function* body() {
    yield head.join('');
    // Ending early (the client went away) returns the generator, which ends the batches' query loop.
    yield* text;
  }
  reply.code(200).header('content-type', 'application/json; charset=utf-8');
  reply.send(Readable.from(body(), { objectMode: false }));
}
