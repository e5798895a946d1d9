// Turns per caller: a few at once, the rest wait in arrival order, a bounded queue, and no entry
// kept for a caller with nothing in flight.
import { describe, expect, it } from 'vitest';
import { createTurns } from '../../../api/http/fair-share';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('turns', () => {
  it('lets `limit` requests of a caller in at once; the next wait, in order, and another caller does not', async () => {
    const turns = createTurns({ perCollector: 2, perAddress: 4, waiting: 8 });
    const order: string[] = [];
    expect(await turns.enter('a', 2)).toBe(true);
    expect(await turns.enter('a', 2)).toBe(true);
    const third = turns.enter('a', 2).then(() => order.push('third'));
    const fourth = turns.enter('a', 2).then(() => order.push('fourth'));
    expect(await turns.enter('b', 2)).toBe(true);
    await tick();
    expect(order).toEqual([]);
    turns.leave('a');
    await third;
    expect(order).toEqual(['third']);
    turns.leave('a');
    await fourth;
    expect(order).toEqual(['third', 'fourth']);
  });

  it('refuses at once past its queue, and forgets a caller with nothing in flight', async () => {
    const turns = createTurns({ perCollector: 1, perAddress: 1, waiting: 1 });
    expect(await turns.enter('a', 1)).toBe(true);
    const waiting = turns.enter('a', 1);
    expect(await turns.enter('a', 1)).toBe(false);
    turns.leave('a');
    expect(await waiting).toBe(true);
    turns.leave('a');
    expect(turns.size()).toBe(0);
  });
});
