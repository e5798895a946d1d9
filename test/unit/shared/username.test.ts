// docs/product.md generated usernames and the username rules the form and the server share.
import { describe, expect, it } from 'vitest';
import { generateUsername, usernameSchema } from '../../../src/shared/profile/username';

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
