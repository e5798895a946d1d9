// Usernames a community can trust: a name kept for the team is refused (400), and a name too
// like another collector's ('AIice' beside 'Alice') is taken (409), on users/initialize and on
// profile/update, also when several ask at once. New capitals of my own name stay allowed.
// Before: 'admin' and 'AIice' were accepted. The skeleton is the same in SQL and TypeScript,
// and migration 0019's backfill keeps look-alikes already held instead of failing on them.
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../fixtures/api-harness';
import type { TestUser } from '../fixtures/auth';
import { queryRows } from '../../api/db/database';
import { usernameSkeleton } from '../../src/shared/profile/username-lookalikes';

let api: ApiHarness;
beforeAll(async () => {
  api = await createApiHarness();
});
afterAll(async () => {
  await api.close();
});

const initialize = (user: TestUser, username: string) =>
  api.call(
    user,
    'POST',
    '/api/users/initialize',
    { username },
    { 'Idempotency-Key': `k:${randomUUID()}` },
  );
const rename = (user: TestUser, username: string) =>
  api.call(
    user,
    'POST',
    '/api/profile/update',
    { username },
    { 'Idempotency-Key': `k:${randomUUID()}` },
  );

/** A fresh name of letters only, so its look-alikes can be made by hand. */
const freshName = () =>
  `Al${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)
    .replace(/[il]/g, 'e')}ce`;

describe('a name kept for the team', () => {
  it.each(['admin', 'Support', 'moderator', 'adrnin', 'Admin_42'])(
    'refuses %j (400)',
    async (name) => {
      const user = await api.user();
      const response = await initialize(user, name);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: `username: The username '${name}' is kept for the Diecast Garage team: choose another`,
      });
    },
  );
});

describe('a name too like one that is taken', () => {
  it('is refused on users/initialize and on profile/update, naming the name it is like', async () => {
    const name = freshName();
    const holder = await api.user();
    expect((await initialize(holder, name)).status).toBe(200);
    const lookalike = name.replace('l', 'I');
    const other = await api.user();
    const refused = await initialize(other, lookalike);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: `The username '${lookalike}' is too like '${name}', which is taken`,
    });
    for (const alike of [name.replace('l', '1'), `${name.slice(0, 2)}_${name.slice(2)}`]) {
      expect((await initialize(other, alike)).status, alike).toBe(409);
    }

    const renamer = await api.collector('renamer');
    const renamed = await rename(renamer, lookalike);
    expect(renamed.status).toBe(409);
    expect(renamed.body).toMatchObject({
      error: `The username '${lookalike}' is too like '${name}', which is taken`,
    });
  });

  it('lets me change only the capitals of my name, or take a look-alike of my own', async () => {
    const name = freshName();
    const me = await api.user();
    expect((await initialize(me, name)).status).toBe(200);
    expect((await rename(me, name.toUpperCase())).status).toBe(200);
    expect((await rename(me, name.replace('l', 'I'))).status).toBe(200);
    // My old name and its skeleton are let go with it.
    const other = await api.user();
    expect((await initialize(other, name)).status).toBe(409);
    expect((await rename(me, `${name}x`)).status).toBe(200);
    expect((await initialize(other, name)).status).toBe(200);
  });

  it('holds when several ask at once: exactly one gets a name of that skeleton', async () => {
    const name = freshName();
    const forms = [
      name,
      name.replace('l', 'I'),
      name.replace('l', '1'),
      name.toUpperCase(),
      `${name}_`,
    ];
    const users = await Promise.all(forms.map(() => api.user()));
    const answers = await Promise.all(users.map((user, i) => initialize(user, forms[i] as string)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });
});

describe('the skeleton', () => {
  it('is the same in SQL (migration 0019) as in TypeScript', async () => {
    const names = fc.sample(fc.stringMatching(/^[A-Za-z0-9_]{3,20}$/), 300);
    names.push('rnrn', 'rrnn', 'vvv', 'RN_m', 'I1l_0O5s', 'r_n');
    const rows = await queryRows<{ name: string; skeleton: string }>(
      api.database.db,
      sql`SELECT name, diecast_username_skeleton(name) AS skeleton
          FROM jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) AS name`,
    );
    for (const row of rows) expect(row.skeleton, row.name).toBe(usernameSkeleton(row.name));
  });

  it("migration 0019's backfill keeps look-alikes already held, the first holder keeping the skeleton", async () => {
    const migration = readFileSync(
      new URL(
        '../../api/db/migrations/0019_lookalike_usernames_and_key_retention.sql',
        import.meta.url,
      ),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .find((statement) => statement.startsWith('INSERT INTO username_skeletons'));
    expect(backfill).toBeDefined();
    const name = freshName();
    const [first, second] = [`u-${randomUUID()}`, `u-${randomUUID()}`];
    const db = api.database.db;
    // Two look-alikes held before the migration, and the skeletons directory not filled yet.
    await db.execute(sql`INSERT INTO profiles (user_id, username, created_at)
      VALUES (${first}, ${name}, now() - interval '2 days'),
             (${second}, ${name.replace('l', 'I')}, now() - interval '1 day')`);
    await db.execute(sql`INSERT INTO usernames (name, user_id)
      VALUES (lower(${name}), ${first}), (lower(${name.replace('l', 'I')}), ${second})`);
    await db.execute(sql.raw(backfill as string));
    const held = await queryRows<{ user_id: string }>(
      db,
      sql`SELECT user_id FROM username_skeletons WHERE skeleton = ${usernameSkeleton(name)}`,
    );
    expect(held).toEqual([{ user_id: first }]);
    // The second keeps its name, may change its capitals, and nobody new takes a third form.
    const rows = await queryRows<{ user_id: string }>(
      db,
      sql`SELECT user_id FROM usernames WHERE name = lower(${name.replace('l', 'I')})`,
    );
    expect(rows).toEqual([{ user_id: second }]);
    await db.execute(
      sql`SELECT diecast_claim_username(${second}, ${name.replace('l', 'I').toUpperCase()})`,
    );
    const newcomer = await api.user();
    expect((await initialize(newcomer, name.replace('l', '1'))).status).toBe(409);
  });
});
