// The app's counts and text order come from one Intl object each, built on first use: they must
// say exactly what toLocaleString('en-US') and localeCompare say.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { madeOnFirstUse } from '../../../src/shared/made-on-first-use';
import { compareNames, compareText, formatCountEnUs } from '../../../src/shared/text/locale-text';

describe('counts and text order', () => {
  it('words a count as toLocaleString("en-US") does', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double({ noNaN: true })), (value) => {
        expect(formatCountEnUs(value)).toBe(value.toLocaleString('en-US'));
      }),
    );
  });

  it('orders texts as localeCompare does (car names with accents, case and figures)', () => {
    const names = fc.string({ unit: fc.constantFrom(..."aAbBéÉzZ 0129-'’.#ñÑ".split('')) });
    fc.assert(
      fc.property(names, names, (a, b) => {
        expect(Math.sign(compareText(a, b))).toBe(Math.sign(a.localeCompare(b)));
      }),
    );
  });
});

describe('the collection’s order of names', () => {
  it('sets case and accents aside and reads figures by value', () => {
    expect(compareNames('mustang', 'Mustang')).toBe(0);
    expect(compareNames('Citroën', 'Citroen')).toBe(0);
    expect(compareNames('Series 2', 'Series 10')).toBeLessThan(0);
    expect(compareNames('Zamac', 'Acura')).toBeGreaterThan(0);
  });
});

describe('a value made on first use', () => {
  it('is made once, when first asked for, not when defined', () => {
    let made = 0;
    const value = madeOnFirstUse(() => ({ made: ++made }));
    expect(made).toBe(0);
    expect(value()).toBe(value());
    expect(made).toBe(1);
  });
});
