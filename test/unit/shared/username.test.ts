// docs/product.md generated usernames and the username rules the form and the server share:
// names kept for the team are refused (admin, support, moderator were accepted), and the
// skeleton that makes 'AIice' the same name as 'Alice'.
import { describe, expect, it } from 'vitest';
import { generateUsername, usernameSchema } from '../../../src/shared/profile/username';
import { usernameSkeleton } from '../../../src/shared/profile/username-lookalikes';

const fixed = (value: number) => () => value;

describe('generateUsername', () => {
  it('takes the first word of the display name, strips non-alphanumerics, and appends 1000-9999', () => {
    expect(generateUsername('Mike "Scout" O’Neil', 'mike@example.com', fixed(0))).toBe('Mike1000');
    expect(generateUsername('José-Luis Pérez', null, fixed(0.99999))).toBe('JosLuis9999');
  });

  it('falls back to the e-mail before the @, then to collector', () => {
    expect(generateUsername(null, 'red.line_rita@example.com', fixed(0.5))).toBe('redlinerita5500');
    expect(generateUsername('  ', '@example.com', fixed(0))).toBe('collector1000');
    expect(generateUsername('李', undefined, fixed(0))).toBe('collector1000');
  });

  it('cuts the stem to 15 characters', () => {
    expect(generateUsername('Abcdefghijklmnopqrstuvwxyz', null, fixed(0))).toBe(
      'Abcdefghijklmno1000',
    );
  });

  it('always produces a name the username rules accept', () => {
    for (let i = 0; i < 200; i++) {
      const name = generateUsername(`Name${i} X`, `e${i}@x.com`);
      expect(usernameSchema.safeParse(name).success).toBe(true);
      expect(Number(name.slice(-4))).toBeGreaterThanOrEqual(1000);
    }
  });
});

describe('usernameSchema', () => {
  it.each([
    ['ab', 'Username must be at least 3 characters'],
    ['a'.repeat(21), 'Username must be at most 20 characters'],
    ['scout mike', 'Username may only contain letters, digits and _'],
  ])('refuses %j: %s', (value, message) => {
    const result = usernameSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('trims surrounding spaces', () => {
    expect(usernameSchema.parse('  scout_mike7 ')).toBe('scout_mike7');
  });
});

describe('names kept for the team', () => {
  it.each([
    'admin',
    'Administrator',
    'support',
    'moderator',
    'mod',
    'Staff',
    'diecast',
    'DiecastGarage',
    'system',
    'root',
    'help',
    'official',
    'team',
    'security',
    // Digits and '_' at the ends, and look-alikes, are the same name.
    'Admin_42',
    '7support',
    'adrnin',
    'supp0rt',
    'M0D',
    'r00t',
    // Role words as a word of the name, or (some) at its start.
    'alice_admin',
    'support_team',
    'the_moderator',
    'AdminBob',
    'OfficialMattel',
  ])('refuses %j', (name) => {
    const result = usernameSchema.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      `The username '${name}' is kept for the Diecast Garage team: choose another`,
    );
  });

  it.each(['badminton', 'modern_muscle', 'team_rocket', 'Stafford', 'helpful_hank', 'diecast_dan'])(
    'accepts %j (a reserved word inside another word, or a short one beside others)',
    (name) => {
      expect(usernameSchema.safeParse(name).success).toBe(true);
    },
  );

  it('never generates one: a reserved stem becomes collector', () => {
    expect(generateUsername('Admin Smith', null, fixed(0))).toBe('collector1000');
    expect(generateUsername(null, 'support@example.com', fixed(0))).toBe('collector1000');
  });
});

describe('usernameSkeleton', () => {
  it('folds case, separators and look-alike letters alike', () => {
    const alice = usernameSkeleton('Alice');
    for (const name of ['AIice', 'ALICE', 'A1ice', 'al1ce', 'Ali_ce']) {
      expect(usernameSkeleton(name), name).toBe(alice);
    }
    expect(usernameSkeleton('rnike')).toBe(usernameSkeleton('mike'));
    expect(usernameSkeleton('0scar')).toBe(usernameSkeleton('Oscar'));
    expect(usernameSkeleton('vvill')).toBe(usernameSkeleton('will'));
    expect(usernameSkeleton('5am')).toBe(usernameSkeleton('Sam'));
    expect(usernameSkeleton('Alice')).not.toBe(usernameSkeleton('Alice2'));
    expect(usernameSkeleton('Bob')).not.toBe(usernameSkeleton('Rob'));
  });
});
