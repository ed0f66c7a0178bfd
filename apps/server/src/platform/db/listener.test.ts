import { describe, expect, it } from 'vitest';
import { inOrder } from './listener.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('inOrder', () => {
  it('finishes each payload in the order it came, however long each takes', async () => {
    const done: string[] = [];
    const errors: unknown[] = [];
    // The first takes longest: acting on all at once would finish them backwards.
    const handle = inOrder(
      async (payload) => {
        await pause(30 - 10 * Number(payload));
        done.push(payload);
      },
      (error) => errors.push(error),
    );
    for (const payload of ['0', '1', '2']) handle(payload);
    await pause(100);
    expect(done).toEqual(['0', '1', '2']);
    expect(errors).toEqual([]);
  });

  it('reports a failure and goes on with the next', async () => {
    const done: string[] = [];
    const errors: unknown[] = [];
    const handle = inOrder(
      async (payload) => {
        if (payload === 'bad') throw new Error('refused');
        done.push(payload);
      },
      (error) => errors.push(error),
    );
    handle('bad');
    handle('good');
    await pause(20);
    expect(done).toEqual(['good']);
    expect(errors).toEqual([new Error('refused')]);
  });
});
