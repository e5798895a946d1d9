// Bad input answers 400/404/413 with {error} and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { CHARGER, TRACK_DAY } from '../fixtures/catalog';
import type { TestUser } from '../fixtures/auth';

let api: ApiHarness;
let user: TestUser;
let snapshot: unknown;

beforeAll(async () => {
  api = await createApiHarness();
  user = await api.user();
  await api.call(user, 'POST', '/api/collection/add-car-instance', {
    carId: CHARGER,
    details: { instanceId: 'keep-me' },
  });
  snapshot = (await api.call(user, 'GET', '/api/collection/get')).body;
});
afterAll(async () => {
  await api.close();
});

const cases: [string, string, unknown, number, RegExp][] = [
  ['wrong type for carId', 'add-car-instance', { carId: 42, details: {} }, 400, /carId/],
  ['missing carId', 'add-car-instance', { details: {} }, 400, /carId/],
  [
    'unknown field',
    'add-car-instance',
    { carId: CHARGER, details: {}, colour: 'red' },
    400,
    /colour/,
  ],
  [
    'negative price',
    'add-car-instance',
    { carId: CHARGER, details: { purchasePrice: -1 } },
    400,
    /purchasePrice: must not be negative/,
  ],
  [
    'price as text',
    'add-car-instance',
    { carId: CHARGER, details: { purchasePrice: '3' } },
    400,
    /purchasePrice/,
  ],
  [
    'unknown condition',
    'add-car-instance',
    { carId: CHARGER, details: { condition: 'shiny' } },
    400,
    /condition/,
  ],
  [
    'bad purchase date',
    'add-car-instance',
    { carId: CHARGER, details: { purchaseDate: '14/03/2026' } },
    400,
    /purchaseDate/,
  ],
  [
    'unknown car',
    'add-car-instance',
    { carId: 'hw-1900-nope', details: {} },
    404,
    /Unknown car: hw-1900-nope/,
  ],
  [
    'unknown set',
    'add-set-instance',
    { set: { id: 'no-set' }, instanceDetails: {} },
    404,
    /Unknown set: no-set/,
  ],
  [
    'unknown instance',
    'remove-car-instance',
    { carId: CHARGER, instanceId: 'ghost' },
    404,
    /not found/,
  ],
  [
    'taken instance id',
    'add-car-instance',
    { carId: CHARGER, details: { instanceId: 'keep-me' } },
    409,
    /already exists/,
  ],
  [
    'negative trade quantity',
    'update-car-details',
    { carId: CHARGER, forTrade: -2, forSale: 0 },
    400,
    /forTrade: must not be negative/,
  ],
  [
    'fractional quantity',
    'update-set-details',
    { setId: TRACK_DAY, type: 'sale', quantity: 1.5 },
    400,
    /whole number/,
  ],
  [
    'unknown trade type',
    'update-set-details',
    { setId: TRACK_DAY, type: 'gift', quantity: 1 },
    400,
    /type/,
  ],
  [
    'empty updates',
    'update-car-instance',
    { carId: CHARGER, instanceId: 'keep-me', updates: {} },
    400,
    /at least one field/,
  ],
  [
    'isFavorited not boolean',
    'toggle-favorite',
    { carId: CHARGER, isFavorited: 'yes' },
    400,
    /isFavorited/,
  ],
  [
    'unknown toggle action',
    'toggle-set',
    { setId: TRACK_DAY, action: 'hide', isSetInList: false },
    400,
    /action/,
  ],
  [
    'too many car ids',
    'details',
    { carIds: Array.from({ length: 1001 }, (_, i) => `c${i}`) },
    400,
    /at most 1000/,
  ],
  ['unknown car in details', 'details', { carIds: [CHARGER, 'nope'] }, 404, /Unknown car: nope/],
];

describe('bad input', () => {
  it.each(cases)(
    '%s → %s answers an error and changes nothing',
    async (_label, endpoint, payload, status, message) => {
      const response = await api.call(user, 'POST', `/api/collection/${endpoint}`, payload);
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ error: expect.stringMatching(message) });
      expect((await api.call(user, 'GET', '/api/collection/get')).body).toEqual(snapshot);
    },
  );

  it('answers 400 for a body that is not JSON', async () => {
    const response = await api.call(user, 'POST', '/api/collection/add-car-instance', '{"carId":');
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/not valid JSON/);
  });

  it('answers 413 for a body over 1 MB', async () => {
    const huge = JSON.stringify({ carId: CHARGER, details: { notes: 'x'.repeat(1024 * 1024) } });
    const response = await api.call(user, 'POST', '/api/collection/add-car-instance', huge);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'Request body is larger than 1 MB' });
    expect((await api.call(user, 'GET', '/api/collection/get')).body).toEqual(snapshot);
  });

  it('answers a JSON 404 for an unknown /api route', async () => {
    const response = await api.call(user, 'GET', '/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not found: GET /api/nothing-here' });
  });
});
