// How typed addresses are split, with a small list of known cities standing in for the ZIP data.
import { describe, expect, it } from 'vitest';
import { placeKey } from '../place-names.js';
import { parseAddress, type CityCheck } from './parse-address.js';

const KNOWN = ['New York', 'Washington', 'Chicago', 'Springfield', 'Key West', 'Saint Paul', 'West Saint Paul', 'Overland Park', 'Park', 'Street'];
const isCity: CityCheck = (name, _states, fuzzy) =>
  KNOWN.some((known) => placeKey(known) === placeKey(name) || (fuzzy && placeKey(known).replace('l', '') === placeKey(name)));
const parse = (text: string) => parseAddress(text, isCity);

describe('address parser', () => {
  it('reads a state name that is also a city as the city when nothing else names one', () => {
    expect(parse('350 5th Ave, New York')).toMatchObject({ street: '350 5th Ave', city: 'New York', state: null, states: [] });
    expect(parse('350 5th Ave New York')).toMatchObject({ street: '350 5th Ave', city: 'New York', state: null });
    expect(parse('1 Main St, Washington')).toMatchObject({ street: '1 Main St', city: 'Washington', state: null });
    expect(parse('350 5th Ave, New York, NY')).toMatchObject({ city: 'New York', state: 'NY' });
  });

  it('takes ZIP+4, state names and codes in any case, with or without commas', () => {
    expect(parse('121 n lasalle street chicago il 60602-1234')).toMatchObject({ street: '121 n lasalle street', city: 'chicago', state: 'IL', zip: '60602' });
    expect(parse('Springfield, Illinois')).toMatchObject({ city: 'Springfield', state: 'IL' });
    expect(parse('Washington, D.C.')).toMatchObject({ city: 'Washington', state: 'DC' });
  });

  it('reads a state still being typed as the states it may be', () => {
    const typing = parse('350 5th Ave, New York, N');
    expect(typing).toMatchObject({ city: 'New York', state: null });
    expect(typing.states).toContain('NY');
    expect(typing.states).not.toContain('CA');
    expect(parse('Springfield, Ill').states).toEqual(['IL']);
  });

  it('keeps a street word after a comma with the street, not as a town, but takes a town that only looks like one', () => {
    expect(parse('121 N LaSalle, Street, MD')).toMatchObject({ street: '121 N LaSalle Street', city: null, state: 'MD' });
    expect(parse('1300 White St, Key West, FL')).toMatchObject({ street: '1300 White St', city: 'Key West' });
  });

  it('leaves a post-directional to the street and finds a city typed with one letter missing', () => {
    expect(parse('15 kellogg boulevard w st. paul mn')).toMatchObject({ street: '15 kellogg boulevard w', city: 'st. paul' });
    expect(parse('8500 santa fe drive overand park ks')).toMatchObject({ street: '8500 santa fe drive', city: 'overand park', state: 'KS' });
  });
});
