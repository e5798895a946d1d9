// The sync push contract both ends import: the request and answer schemas take the documented
// shapes and refuse others, the limits hold together, and a push is weighed one way.
import { describe, expect, it } from 'vitest';
import {
  DEVICE_PUSH_CHUNK_ENTRIES,
  IDEMPOTENCY_KEY_PATTERN,
  pushAnswerSchema,
  pushRequestSchema,
  SERVER_PUSH_MAX_ENTRIES,
  type SentPushResult,
  type PushResult,
} from '../../../src/shared/sync/push-contract';
import { newEntryUnits, pushUnits } from '../../../src/shared/sync/push-weight';
import {
  COMMUNITY_CHANGE_UNITS,
  MAX_COPIES_PER_CHANGE,
  MIN_PUSH_UNITS,
  ORDINARY_CHANGE_UNITS,
} from '../../../src/shared/collection/work-units';
import { describeZodError } from '../../../src/shared/validation';

const entry = (key: string) => ({ key, name: 'collection/toggle-set', args: { setId: 's1' } });

describe('the push request', () => {
  it('takes entries of key, name and args, up to the server maximum', () => {
    expect(pushRequestSchema.safeParse({ mutations: [] }).success).toBe(true);
    const full = Array.from({ length: SERVER_PUSH_MAX_ENTRIES }, (_, i) => entry(`d:${i}`));
    expect(pushRequestSchema.safeParse({ mutations: full }).success).toBe(true);
  });

  it.each([
    ['no mutations', {}, /mutations/],
    ['mutations not a list', { mutations: 'x' }, /mutations/],
    ['an empty key', { mutations: [entry('')] }, /key: must be 1-200 printable ASCII characters/],
    ['a key with a space', { mutations: [entry('d: 1')] }, /key/],
    ['an empty name', { mutations: [{ ...entry('d:1'), name: '' }] }, /name/],
    ['an unknown field', { mutations: [{ ...entry('d:1'), extra: 1 }] }, /extra/],
    ['no args', { mutations: [{ key: 'd:1', name: 'x' }] }, /args/],
    [
      'one entry over the maximum',
      {
        mutations: Array.from({ length: SERVER_PUSH_MAX_ENTRIES + 1 }, (_, i) => entry(`d:${i}`)),
      },
      /must hold at most 1000 entries/,
    ],
  ])('refuses %s, saying what is wrong', (_label, body, words) => {
    const parsed = pushRequestSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(describeZodError(parsed.error)).toMatch(words);
  });

  it("takes the device's keys and no other characters than printable ASCII", () => {
    expect(IDEMPOTENCY_KEY_PATTERN.test('0b3c…:12')).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test('0b3c-client:12')).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test('k'.repeat(200))).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test('k'.repeat(201))).toBe(false);
  });

  it("never refuses a device's chunk for its length", () => {
    expect(DEVICE_PUSH_CHUNK_ENTRIES).toBeLessThanOrEqual(SERVER_PUSH_MAX_ENTRIES);
  });
});

describe('the push answer', () => {
  it('takes results of ok, duplicate and rejected, with or without an error', () => {
    const sent: SentPushResult[] = [
      { key: 'd:1', status: 'ok' },
      { key: 'd:2', status: 'duplicate' },
      { key: 'd:3', status: 'rejected', error: 'Car not found' },
    ];
    expect(pushAnswerSchema.parse({ results: sent }).results).toEqual(sent);
    const bare: PushResult = { key: 'd:3', status: 'rejected' };
    expect(pushAnswerSchema.safeParse({ results: [bare] }).success).toBe(true);
  });

  it.each([
    ['a page', '<html>captive portal</html>'],
    ['null', null],
    ['a list', [{ key: 'd:1', status: 'ok' }]],
    ['no results', { error: 'Bad gateway' }],
    ['a result without a key', { results: [{ status: 'ok' }] }],
    ['a key that is not text', { results: [{ key: 1, status: 'ok' }] }],
    ['an unknown status', { results: [{ key: 'd:1', status: 'applied' }] }],
  ])('refuses %s', (_label, body) => {
    expect(pushAnswerSchema.safeParse(body).success).toBe(false);
  });
});

describe('the weight of a push', () => {
  const noSets = () => undefined;
  const fiveCars = () => 5;

  it('weighs a new entry as its change costs', () => {
    expect(newEntryUnits({ name: 'posts/like', args: {}, community: true }, noSets)).toBe(
      COMMUNITY_CHANGE_UNITS,
    );
    const unparsable = { name: 'collection/add-set-instance', args: 'x', community: false };
    expect(newEntryUnits(unparsable, fiveCars)).toBe(ORDINARY_CHANGE_UNITS);
    const sets = {
      name: 'collection/add-multiple-set-instances',
      args: { set: { id: 's1' }, instances: [{}, {}] },
      community: false,
    };
    expect(newEntryUnits(sets, fiveCars)).toBe(2 * (1 + 5));
    expect(newEntryUnits(sets, () => MAX_COPIES_PER_CHANGE)).toBe(ORDINARY_CHANGE_UNITS);
  });

  it('reuses a parse the caller already has', () => {
    const parsed = { ok: false, status: 400, error: 'x' } as const;
    const addsOne = { name: 'collection/add-car-instance', args: {}, community: false, parsed };
    expect(newEntryUnits(addsOne, noSets)).toBe(ORDINARY_CHANGE_UNITS);
  });

  it('costs a whole push the sum of its entries, at least the least a push costs', () => {
    expect(pushUnits([])).toBe(MIN_PUSH_UNITS);
    expect(pushUnits([20, 6, 1])).toBe(27);
  });
});
