// The phone mask '+1 (999) 999-9999 x99999' (SPEC §2.8).
import { expect, it } from 'vitest';
import { parsePhone } from '@permitdesk/core';
import { maskPhone } from './phone-mask.js';

it('places typed and pasted digits into the mask', () => {
  expect(maskPhone('6')).toBe('+1 (6');
  expect(maskPhone('626555')).toBe('+1 (626) 555');
  expect(maskPhone('6265550123')).toBe('+1 (626) 555-0123');
  expect(maskPhone('626555012345678')).toBe('+1 (626) 555-0123 x45678');
  expect(maskPhone('6265550123456789')).toBe('+1 (626) 555-0123 x45678');
  expect(maskPhone('+1 (626) 555-0123')).toBe('+1 (626) 555-0123');
  expect(maskPhone('1 626 555 0123')).toBe('+1 (626) 555-0123');
  expect(maskPhone('(626) 555-0123')).toBe('+1 (626) 555-0123');
  expect(maskPhone('')).toBe('');
});

it('gives what core reads back as the same number', () => {
  expect(parsePhone(maskPhone('6265550123123'))).toEqual({ national: '6265550123', extension: '123' });
  expect(parsePhone(maskPhone('0265550123'))).toEqual({ error: 'Invalid format, Area Code (XXX) must be different 0 and 1 ' });
});
