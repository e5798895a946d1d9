// Profiles: 404 until a username is chosen, unique case-insensitive names, settings, tutorials.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';

let api: ApiHarness;
beforeAll(async () => {
  api = await createApiHarness();
});
afterAll(async () => {
  await api.close();
});

describe('profile and users', () => {
  it('answers 404 for /api/profile/me until the user has a username, then the profile', async () => {
    const user = await api.user();
    const before = await api.call(user, 'GET', '/api/profile/me');
    expect(before.status).toBe(404);
    expect(before.body.error).toBeTruthy();

    const created = await api.call(user, 'POST', '/api/users/initialize', {
      username: 'ScoutMike',
    });
    expect(created.status).toBe(200);

    const after = await api.call(user, 'GET', '/api/profile/me');
    expect(after.status).toBe(200);
    expect(after.body).toEqual({
      userId: user.uid,
      username: 'ScoutMike',
      totalCarCount: 0,
      totalSetCount: 0,
      completedTutorials: [],
      settings: {},
      subscription: { status: 'none' },
    });
  });

  it('rejects a username taken by someone else, whatever its case, with 409 and a clear message', async () => {
    const first = await api.user();
    const second = await api.user();
    await api.call(first, 'POST', '/api/users/initialize', { username: 'TrackDay7' });
    const taken = await api.call(second, 'POST', '/api/users/initialize', {
      username: 'trackday7',
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: "The username 'trackday7' is already taken" });
    expect((await api.call(second, 'GET', '/api/profile/me')).status).toBe(404);
  });

  it('accepts the same username again from its owner, but not a second one', async () => {
    const user = await api.user();
    await api.call(user, 'POST', '/api/users/initialize', { username: 'RedlineRita' });
    const again = await api.call(user, 'POST', '/api/users/initialize', {
      username: 'redlinerita',
    });
    expect(again.status).toBe(200);
    expect(again.body.username).toBe('RedlineRita');
    const other = await api.call(user, 'POST', '/api/users/initialize', {
      username: 'SomeoneElse',
    });
    expect(other.status).toBe(409);
  });

  it.each([
    [{ username: 'ab' }, /at least 3/],
    [{ username: 'has space' }, /letters, digits/],
    [{ username: 'x'.repeat(21) }, /at most 20/],
    [{}, /required/i],
    [{ username: 'okname', extra: 1 }, /extra/],
  ])('rejects an invalid username %j with 400', async (payload, message) => {
    const user = await api.user();
    const response = await api.call(user, 'POST', '/api/users/initialize', payload);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(message);
  });

  it('stores settings by key and completed tutorials once each', async () => {
    const user = await api.user();
    await api.call(user, 'POST', '/api/users/initialize', { username: 'SettingsSam' });
    expect(
      (await api.call(user, 'POST', '/api/users/update-settings', { key: 'theme', value: 'dark' }))
        .status,
    ).toBe(200);
    await api.call(user, 'POST', '/api/users/update-settings', {
      key: 'celebrations',
      value: { car: false },
    });
    await api.call(user, 'POST', '/api/users/update-settings', { key: 'theme', value: 'light' });
    await api.call(user, 'POST', '/api/tutorials/complete', {
      tutorialId: 'spotting-treasure-hunts',
    });
    await api.call(user, 'POST', '/api/tutorials/complete', {
      tutorialId: 'spotting-treasure-hunts',
    });
    await api.call(user, 'POST', '/api/tutorials/complete', { tutorialId: 'hunting-at-retail' });
    const { body } = await api.call(user, 'GET', '/api/profile/me');
    expect(body.settings).toEqual({ theme: 'light', celebrations: { car: false } });
    expect(body.completedTutorials).toEqual(['spotting-treasure-hunts', 'hunting-at-retail']);
  });
});
