// GET /api/live: guarded (token), streams grouped by the clock into live / upcoming / recent,
// and the demo streams the embedded default places around its start time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreams } from '../../api/db/schema';
import { demoStreams, seedDemoStreams } from '../../api/live/demo-streams';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import type { TestUser } from '../fixtures/auth';

const NOW = '2026-03-14T18:00:00.000Z';
const at = (iso: string) => new Date(iso);

let api: ApiHarness;
let viewer: TestUser;

beforeAll(async () => {
  api = await createApiHarness({ now: () => NOW });
  viewer = await api.user();
  await api.call(viewer, 'POST', '/api/users/initialize', { username: 'ViewerVic' });
  const stream = (id: string, startsAt: string, endsAt: string | null, status = 'scheduled') => ({
    id,
    title: `Stream ${id}`,
    hostName: 'Host',
    description: '',
    startsAt: at(startsAt),
    endsAt: endsAt ? at(endsAt) : null,
    status,
    embedUrl: `https://www.youtube-nocookie.com/embed/${id}`,
  });
  await api.database.db.insert(liveStreams).values([
    stream('on-air', '2026-03-14T17:30:00Z', '2026-03-14T19:00:00Z'),
    // No end time: taken as a three-hour show, so still on air.
    stream('open-ended', '2026-03-14T16:00:00Z', null),
    stream('tomorrow', '2026-03-15T18:00:00Z', '2026-03-15T19:00:00Z'),
    stream('in-an-hour', '2026-03-14T19:00:00Z', '2026-03-14T20:00:00Z'),
    stream('yesterday', '2026-03-13T18:00:00Z', '2026-03-13T19:00:00Z'),
    stream('last-week', '2026-03-07T18:00:00Z', '2026-03-07T19:00:00Z'),
    // Ended early by its host: the stored status wins over the clock.
    stream('cut-short', '2026-03-14T17:00:00Z', '2026-03-14T21:00:00Z', 'ended'),
    // Starts exactly now: live. Ends exactly now: ended.
    stream('starts-now', NOW, '2026-03-14T19:00:00Z'),
    stream('ends-now', '2026-03-14T17:00:00Z', NOW),
    // Too old to be 'recent'.
    stream('last-year', '2025-03-14T18:00:00Z', '2025-03-14T19:00:00Z'),
  ]);
});

afterAll(async () => {
  await api?.close();
});

const ids = (list: { id: string }[]) => list.map((stream) => stream.id);

describe('GET /api/live', () => {
  it('needs a signed-in user (docs/product.md: /live is guarded)', async () => {
    const response = await api.call(null, 'GET', '/api/live');
    expect(response.status).toBe(401);
    expect(response.body.error).toMatch(/Sign-in required/);
  });

  it('groups streams by the clock: live now, upcoming soonest first, recent latest first', async () => {
    const { status, body } = await api.call(viewer, 'GET', '/api/live');
    expect(status).toBe(200);
    expect(ids(body.live)).toEqual(['open-ended', 'on-air', 'starts-now']);
    expect(ids(body.upcoming)).toEqual(['in-an-hour', 'tomorrow']);
    expect(ids(body.recent)).toEqual(['cut-short', 'ends-now', 'yesterday', 'last-week']);
    expect(body.live.every((s: { status: string }) => s.status === 'live')).toBe(true);
    expect(body.upcoming.every((s: { status: string }) => s.status === 'scheduled')).toBe(true);
    expect(body.recent.every((s: { status: string }) => s.status === 'ended')).toBe(true);
    expect(body.live[1]).toEqual({
      id: 'on-air',
      title: 'Stream on-air',
      hostName: 'Host',
      description: '',
      startsAt: '2026-03-14T17:30:00.000Z',
      endsAt: '2026-03-14T19:00:00.000Z',
      status: 'live',
      embedUrl: 'https://www.youtube-nocookie.com/embed/on-air',
    });
  });
});

describe('demo streams', () => {
  it('place one live, two upcoming and one ended stream around now, with embeddable URLs', () => {
    const now = at(NOW);
    const rows = demoStreams(now);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.embedUrl).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/\w+$/);
    }
  });

  it('are not added where real streams exist', async () => {
    expect(await seedDemoStreams(api.database.db, at(NOW))).toBe(0);
  });

  it('are seeded idempotently into an empty table and grouped 1 / 2 / 1', async () => {
    await api.database.db.delete(liveStreams);
    expect(await seedDemoStreams(api.database.db, at(NOW))).toBe(4);
    expect(await seedDemoStreams(api.database.db, at(NOW))).toBe(4);
    expect(await api.database.db.select().from(liveStreams)).toHaveLength(4);
    const { body } = await api.call(viewer, 'GET', '/api/live');
    expect([body.live.length, body.upcoming.length, body.recent.length]).toEqual([1, 2, 1]);
  });
});
