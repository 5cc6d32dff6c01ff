import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  addressIdOf,
  formatDate,
  formatPhone,
  formatProjectValue,
  formatUsd,
  ordinal,
  pageCount,
  parseUsd,
  postalCode5,
  stripUnitedStates,
  truncateLink,
} from './formats.js';
import { parsePhone, toE164Phone } from './validation.js';

describe('USD (SPEC §5)', () => {
  it('formats as USD with 2 decimals', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(-7)).toBe('-$7.00');
    expect(formatUsd('$1,000')).toBe('$1,000.00');
  });

  it('strips $ and commas before parsing; non-numeric is 0', () => {
    expect(parseUsd('$1,234.56')).toBe(1234.56);
    expect(parseUsd(' 12 ')).toBe(12);
    expect(parseUsd('-$5.25')).toBe(-5.25);
    for (const junk of ['', 'abc', '12abc', '$', '0x1a', '1e3', 'Infinity', '1.2.3', null, undefined, Number.NaN]) {
      expect(parseUsd(junk)).toBe(0);
    }
  });

  it('round-trips whole cents: parse(format(x)) = x', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(parseUsd(formatUsd(cents / 100))).toBe(cents / 100);
      }),
    );
  });

  it('rounds any amount to the nearest cent', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (amount) => {
        expect(Math.abs(parseUsd(formatUsd(amount)) - amount)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });

  it('ignores $ and commas wherever they are typed', () => {
    const amount = fc.tuple(fc.nat({ max: 10_000_000 }), fc.nat({ max: 99 })).map(([d, c]) => `${d}.${String(c).padStart(2, '0')}`);
    fc.assert(
      fc.property(amount, fc.array(fc.tuple(fc.nat(), fc.constantFrom('$', ',')), { maxLength: 4 }), (text, inserts) => {
        let noisy = text;
        for (const [at, ch] of inserts) {
          const i = at % (noisy.length + 1);
          noisy = noisy.slice(0, i) + ch + noisy.slice(i);
        }
        expect(parseUsd(noisy)).toBe(Number(text));
      }),
    );
  });

  it('reads any text with a letter as 0', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('a', 'x', 'e', 'Z'), fc.string(), (before, letter, after) => {
        expect(parseUsd(before + letter + after)).toBe(0);
      }),
    );
  });
});

describe('postal code (SPEC §5)', () => {
  it('shows the first 5 characters', () => {
    expect(postalCode5('94103-1234')).toBe('94103');
    expect(postalCode5('02139')).toBe('02139');
    expect(postalCode5(null)).toBe('');
  });

  it('is a prefix of at most 5 characters, and stable', () => {
    fc.assert(
      fc.property(fc.string(), (code) => {
        const shown = postalCode5(code);
        expect(shown.length).toBeLessThanOrEqual(5);
        expect(code.trim().startsWith(shown)).toBe(true);
        expect(postalCode5(shown)).toBe(shown);
      }),
    );
  });

  it('keeps the ZIP of any ZIP+4', () => {
    const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
    fc.assert(
      fc.property(digits(5), fc.option(digits(4)), (zip, plus4) => {
        expect(postalCode5(plus4 ? `${zip}-${plus4}` : zip)).toBe(zip);
      }),
    );
  });
});

describe('dates (SPEC §9)', () => {
  const instant = '2024-03-05T14:07:09Z';
  const UTC = { timeZone: 'UTC' };

  it('writes the four formats', () => {
    expect(formatDate(instant, 'YYYY-MM-DD', UTC)).toBe('2024-03-05');
    expect(formatDate(instant, 'YYYY-MM-DD HH:mm:ss', UTC)).toBe('2024-03-05 14:07:09');
    expect(formatDate(instant, 'MM/DD/YYYY hh:mm A', UTC)).toBe('03/05/2024 02:07 PM');
    expect(formatDate(instant, 'MMMM Do, YYYY [at] hh:mm A', UTC)).toBe('March 5th, 2024 at 02:07 PM');
    expect(formatDate(instant, DATE_FORMATS.date, UTC)).toBe('2024-03-05');
  });

  it('honours the time zone option', () => {
    expect(formatDate(instant, 'MM/DD/YYYY hh:mm A', { timeZone: 'America/New_York' })).toBe('03/05/2024 09:07 AM');
    expect(formatDate('2024-03-05T02:00:00Z', 'YYYY-MM-DD', { timeZone: 'America/Los_Angeles' })).toBe('2024-03-04');
  });

  it("defaults to the runtime's time zone", () => {
    const runtime = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatDate(instant, 'YYYY-MM-DD HH:mm:ss')).toBe(formatDate(instant, 'YYYY-MM-DD HH:mm:ss', { timeZone: runtime }));
  });

  it('writes midnight and noon as 12 AM and 12 PM', () => {
    expect(formatDate('2024-01-01T00:05:00Z', 'MM/DD/YYYY hh:mm A', UTC)).toBe('01/01/2024 12:05 AM');
    expect(formatDate('2024-01-01T12:05:00Z', 'MMMM Do, YYYY [at] hh:mm A', UTC)).toBe('January 1st, 2024 at 12:05 PM');
    expect(formatDate('2024-01-01T00:05:00Z', 'YYYY-MM-DD HH:mm:ss', UTC)).toBe('2024-01-01 00:05:00');
  });

  it('keeps the day of a date-only value in every time zone', () => {
    expect(formatDate('2024-03-05', 'YYYY-MM-DD', { timeZone: 'America/Los_Angeles' })).toBe('2024-03-05');
    expect(formatDate('2024-03-05', 'YYYY-MM-DD', { timeZone: 'Asia/Tokyo' })).toBe('2024-03-05');
  });

  it('accepts Date and epoch values and shows nothing for a missing or invalid date', () => {
    expect(formatDate(new Date(instant), 'YYYY-MM-DD', UTC)).toBe('2024-03-05');
    expect(formatDate(Date.parse(instant), 'YYYY-MM-DD', UTC)).toBe('2024-03-05');
    expect(formatDate(null)).toBe('');
    expect(formatDate('nope')).toBe('');
    expect(formatDate('2024-02-30')).toBe('');
  });

  it('writes English ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 24, 31].map(ordinal)).toEqual([
      '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '24th', '31st',
    ]);
  });
});

describe('link truncation (SPEC §9)', () => {
  it('cuts links longer than 15 characters', () => {
    expect(truncateLink('https://example.com/a/long/path')).toBe('https://example...');
    expect(truncateLink('https://ex.com/')).toBe('https://ex.com/');
  });
});

describe('phone display (SPEC §5)', () => {
  it("shows '+1' and the national format, with ' x{ext}' past 10 digits", () => {
    expect(formatPhone('+15552345678')).toBe('+1 (555) 234-5678');
    expect(formatPhone('+15552345678123')).toBe('+1 (555) 234-5678 x123');
    expect(formatPhone('(555) 234-5678 x12')).toBe('+1 (555) 234-5678 x12');
    expect(formatPhone('not a phone')).toBe('not a phone');
    expect(formatPhone(null)).toBe('');
  });

  const nationalNumber = fc
    .tuple(fc.integer({ min: 2, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }))
    .map(([first, rest]) => `${first}${rest.join('')}`);
  const extension = fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 5 }).map((d) => d.join(''));

  it('round-trips: stored → format → parse gives the same digits and extension', () => {
    fc.assert(
      fc.property(nationalNumber, extension, (national, ext) => {
        const shown = formatPhone(`+1${national}${ext}`);
        expect(parsePhone(shown)).toEqual({ national, extension: ext });
        expect(toE164Phone(shown)).toBe(`+1${national}${ext}`);
        expect(formatPhone(shown)).toBe(shown);
      }),
    );
  });

  it('round-trips: typed → +1 digits → format → parse', () => {
    const typed = fc.tuple(nationalNumber, extension, fc.nat({ max: 2 })).map(([n, e, style]) => {
      const main = [`(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`, `${n.slice(0, 3)}.${n.slice(3, 6)}.${n.slice(6)}`, `+1${n}`][style];
      return { n, e, text: e ? `${main} x${e}` : `${main}` };
    });
    fc.assert(
      fc.property(typed, ({ n, e, text }) => {
        const stored = toE164Phone(text);
        expect(stored).toBe(`+1${n}${e}`);
        expect(parsePhone(formatPhone(stored))).toEqual({ national: n, extension: e });
      }),
    );
  });
});

describe('numbers, paging and address results', () => {
  it('shows project values with thousands separators', () => {
    expect(formatProjectValue(1250000)).toBe('1,250,000');
    expect(formatProjectValue(1234.5)).toBe('1,234.5');
    expect(formatProjectValue('$45,000')).toBe('45,000');
    expect(formatProjectValue(null)).toBe('');
  });

  it('counts pages as the ceiling of total over size', () => {
    expect(pageCount(41, 20)).toBe(3);
    expect(pageCount(40, 20)).toBe(2);
    expect(pageCount(1, 5)).toBe(1);
    expect(pageCount(0, 20)).toBe(0);
    expect(pageCount(10, 0)).toBe(0);
    fc.assert(
      fc.property(fc.nat({ max: 1e6 }), fc.integer({ min: 1, max: 500 }), (total, size) => {
        const pages = pageCount(total, size);
        expect(pages * size).toBeGreaterThanOrEqual(total);
        expect(Math.max(0, pages - 1) * size).toBeLessThan(Math.max(total, 1));
      }),
    );
  });

  it("strips ', United States' from address result names", () => {
    expect(stripUnitedStates('1 Main St, Springfield, Illinois 62701, United States')).toBe('1 Main St, Springfield, Illinois 62701');
    expect(stripUnitedStates('1 United States Ave, Dover, Delaware')).toBe('1 United States Ave, Dover, Delaware');
  });

  it('takes the address id from the second dot-separated piece', () => {
    expect(addressIdOf('address.8123456789')).toBe('8123456789');
    expect(addressIdOf('address.42.extra')).toBe('42');
    expect(addressIdOf('nodot')).toBeNull();
  });
});
