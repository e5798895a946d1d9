// The server's push answers are the sync contract the device reads (src/shared/sync): every
// 200 parses with the shared answer schema and settles each entry sent, and a refused request
// is worded with the contract's own words.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { TWIN_MILL } from '../fixtures/catalog';
import {
  KEY_FORMAT,
  pushAnswerSchema,
  TOO_MANY_PUSH_ENTRIES,
  SERVER_PUSH_MAX_ENTRIES,
} from '../../src/shared/sync/push-contract';
import { classifyAnswer } from '../../src/sync/answer-policy';

let api: ApiHarness;
beforeAll(async () => {
  api = await createApiHarness();
});
afterAll(async () => {
  await api.close();
});

describe('the push answer as the device reads it', () => {
  it('parses every 200 with the shared schema, a result per entry: ok, rejected, duplicate', async () => {
    const user = await api.collector('contract');
    const mutations = [
      {
        key: 'c:1',
        name: 'collection/add-car-instance',
        args: { carId: TWIN_MILL, details: { instanceId: 'i-1' } },
      },
      { key: 'c:2', name: 'collection/add-car-instance', args: { carId: 'no-such-car' } },
      {
        key: 'c:3',
        name: 'posts/create',
        args: { postId: randomUUID(), body: 'Found one!', photoIds: [], tagged: [] },
      },
      { key: 'c:4', name: 'no/such-change', args: {} },
    ];
    const first = await api.call(user, 'POST', '/api/sync/push', { mutations });
    const again = await api.call(user, 'POST', '/api/sync/push', { mutations });

    for (const response of [first, again]) {
      expect(response.status).toBe(200);
      expect(pushAnswerSchema.safeParse(response.body).success).toBe(true);
      const answer = { status: response.status, body: response.body, retryAfterSeconds: null };
      const classified = classifyAnswer(answer, mutations, false);
      expect(classified.kind).toBe('results');
      if (classified.kind === 'results') expect(classified.byKey.size).toBe(mutations.length);
    }
    const statuses = (body: { results: { status: string }[] }) => body.results.map((r) => r.status);
    expect(statuses(first.body)).toEqual(['ok', 'rejected', 'ok', 'rejected']);
    expect(statuses(again.body)).toEqual(['duplicate', 'rejected', 'duplicate', 'rejected']);
  });

  it("refuses a request outside the contract in the contract's words", async () => {
    const user = await api.collector('refused');
    const entries = Array.from({ length: SERVER_PUSH_MAX_ENTRIES + 1 }, (_, i) => ({
      key: `c:${i}`,
      name: 'collection/toggle-favorite',
      args: { carId: TWIN_MILL, isFavorited: true },
    }));
    const tooMany = await api.call(user, 'POST', '/api/sync/push', { mutations: entries });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe(`mutations: ${TOO_MANY_PUSH_ENTRIES}`);

    const badKey = await api.call(user, 'POST', '/api/sync/push', {
      mutations: [{ ...entries[0], key: 'has space' }],
    });
    expect(badKey.status).toBe(400);
    expect(badKey.body.error).toBe(`mutations.0.key: ${KEY_FORMAT}`);
  });
});
