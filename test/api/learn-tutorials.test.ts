// Tutorials: the team's file loaded into SQL (idempotently), the public list and articles,
// 'completed' for a signed-in reader, and completing one (an unknown id is refused).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tutorials } from '../../api/db/schema';
import { TUTORIALS_PATH } from '../../api/learn/tutorial-file';
import { ensureTutorials, loadTutorials } from '../../api/learn/tutorial-store';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import { unsignedToken } from '../fixtures/auth';

interface FileTutorial {
  id: string;
  title: string;
  minutes: number;
  sections: { heading: string; paragraphs: string[] }[];
}
const file = JSON.parse(readFileSync(TUTORIALS_PATH, 'utf8')) as FileTutorial[];

let api: ApiHarness;

beforeAll(async () => {
  api = await createApiHarness();
});

afterAll(async () => {
  await api?.close();
});

describe('the tutorials file', () => {
  it('holds at least five real tutorials, each with sections of text', () => {
    expect(file.length).toBeGreaterThanOrEqual(5);
    for (const tutorial of file) {
      expect(tutorial.sections.length).toBeGreaterThan(0);
      expect(tutorial.sections.every((section) => section.paragraphs.length > 0)).toBe(true);
    }
    const ids = file.map((tutorial) => tutorial.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'spotting-treasure-hunts',
        'card-conditions-and-grading',
        'storing-and-displaying',
        'spotting-fakes-and-customs',
        'hunting-at-retail',
      ]),
    );
  });

  it('loads idempotently: loading again leaves one row per tutorial, in the file order', async () => {
    await ensureTutorials(api.database.db);
    await loadTutorials(api.database.db);
    await loadTutorials(api.database.db);
    const rows = await api.database.db.select().from(tutorials);
    expect(rows).toHaveLength(file.length);
    expect([...rows].sort((a, b) => a.position - b.position).map((row) => row.id)).toEqual(
      file.map((tutorial) => tutorial.id),
    );
  });
});

describe('GET /api/tutorials', () => {
  it('lists them for anyone, in order, with minutes and no completed flag', async () => {
    const { status, body } = await api.call(null, 'GET', '/api/tutorials');
    expect(status).toBe(200);
    expect(body.tutorials.map((t: { id: string }) => t.id)).toEqual(file.map((t) => t.id));
    expect(body.tutorials[0]).toEqual({
      id: file[0]?.id,
      title: file[0]?.title,
      summary: expect.any(String),
      minutes: file[0]?.minutes,
      position: 0,
    });
  });

  it('refuses a bad token rather than answering as a stranger', async () => {
    const response = await api.app.request('/api/tutorials', {
      headers: { Authorization: `Bearer ${unsignedToken({ exp: 1 })}` },
    });
    expect(response.status).toBe(401);
  });

  it('marks what the signed-in reader completed, and completing twice keeps one entry', async () => {
    const user = await api.user();
    await api.call(user, 'POST', '/api/users/initialize', { username: 'LearnerLou' });
    const before = await api.call(user, 'GET', '/api/tutorials');
    expect(before.body.tutorials.every((t: { completed: boolean }) => t.completed === false)).toBe(
      true,
    );

    for (let i = 0; i < 2; i += 1) {
      const done = await api.call(user, 'POST', '/api/tutorials/complete', {
        tutorialId: 'card-conditions-and-grading',
      });
      expect(done.status).toBe(200);
    }
    const after = await api.call(user, 'GET', '/api/tutorials');
    const completed = after.body.tutorials
      .filter((t: { completed: boolean }) => t.completed)
      .map((t: { id: string }) => t.id);
    expect(completed).toEqual(['card-conditions-and-grading']);
    const profile = await api.call(user, 'GET', '/api/profile/me');
    expect(profile.body.completedTutorials).toEqual(['card-conditions-and-grading']);
    const article = await api.call(user, 'GET', '/api/tutorials/card-conditions-and-grading');
    expect(article.body.completed).toBe(true);
  });
});

describe('GET /api/tutorials/{id}', () => {
  it('answers the whole article', async () => {
    const { status, body } = await api.call(null, 'GET', '/api/tutorials/spotting-treasure-hunts');
    expect(status).toBe(200);
    const source = file.find((t) => t.id === 'spotting-treasure-hunts') as FileTutorial;
    expect(body).toMatchObject({ id: source.id, title: source.title, sections: source.sections });
    const text = JSON.stringify(body.sections);
    // The marks a collector checks for a Super Treasure Hunt.
    expect(text).toMatch(/Real Riders/);
    expect(text).toMatch(/Spectraflame/);
    expect(text).toMatch(/'TH'/);
  });

  it('answers 404 JSON for an unknown tutorial', async () => {
    const response = await api.call(null, 'GET', '/api/tutorials/how-to-fly');
    expect(response).toEqual({ status: 404, body: { error: 'Unknown tutorial: how-to-fly' } });
  });
});

describe('POST /api/tutorials/complete', () => {
  it('refuses an unknown tutorial with 404 and changes nothing', async () => {
    const user = await api.user();
    await api.call(user, 'POST', '/api/users/initialize', { username: 'GuessingGus' });
    const response = await api.call(user, 'POST', '/api/tutorials/complete', {
      tutorialId: 'not-a-tutorial',
    });
    expect(response).toEqual({ status: 404, body: { error: 'Unknown tutorial: not-a-tutorial' } });
    const profile = await api.call(user, 'GET', '/api/profile/me');
    expect(profile.body.completedTutorials).toEqual([]);
  });

  it.each([
    [{}, /tutorialId/],
    [{ tutorialId: 42 }, /tutorialId/],
    [{ tutorialId: 'hunting-at-retail', extra: 1 }, /extra|Unrecognized/i],
  ])('refuses %j with 400', async (payload, message) => {
    const user = await api.user();
    await api.call(user, 'POST', '/api/users/initialize', {
      username: `Bad${Math.floor(Math.random() * 1e6)}`,
    });
    const response = await api.call(user, 'POST', '/api/tutorials/complete', payload);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(message);
  });

  it('needs a token', async () => {
    const response = await api.call(null, 'POST', '/api/tutorials/complete', {
      tutorialId: 'hunting-at-retail',
    });
    expect(response.status).toBe(401);
  });
});
