// Place names as the Postal Service and GeoNames write them.
import { describe, expect, it } from 'vitest';
import { nameMatch, placeKey, placeKeys } from './place-names.js';

describe('place names', () => {
  it('spells out abbreviations and drops punctuation and accents', () => {
    expect(placeKey('St. Louis')).toBe('saint louis');
    expect(placeKey('Ft Mitchell')).toBe('fort mitchell');
    expect(placeKey('Mt Zion')).toBe('mount zion');
    expect(placeKey('N Little Rock')).toBe('north little rock');
    expect(placeKey("Coeur d'Alene")).toBe('coeur dalene');
    expect(placeKey('Española')).toBe('espanola');
    expect(placeKey('Winston-Salem')).toBe('winston salem');
    // A single letter elsewhere is an initial, not a compass point.
    expect(placeKey('Park N Ride')).toBe('park n ride');
  });

  it('answers to shorter forms without "The", a government prefix or suffix', () => {
    expect(placeKeys('New York City')).toEqual(['new york city', 'new york']);
    expect(placeKeys('The Bronx')).toEqual(['the bronx', 'bronx']);
    expect(placeKeys('Township of Washington')).toEqual(['township of washington', 'washington']);
    expect(placeKeys('Cranberry Twp')).toEqual(['cranberry township', 'cranberry']);
    expect(placeKeys('Pasadena')).toEqual(['pasadena']);
  });

  it('grades matches: exact, shorter form, none', () => {
    expect(nameMatch('Saint Louis', 'St. Louis')).toBe(2);
    expect(nameMatch('New York', 'New York City')).toBe(1);
    expect(nameMatch('Bronx', 'The Bronx')).toBe(1);
    expect(nameMatch('New York', 'New York Mills')).toBe(0);
    expect(nameMatch('Kansas City', 'Kansas')).toBe(1);
    expect(nameMatch('Pasadena', 'South Pasadena')).toBe(0);
  });
});
