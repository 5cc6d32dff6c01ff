// Place names compared the way people and the Postal Service write them: 'St. Louis' = 'Saint Louis',
// 'Ft Mitchell' = 'Fort Mitchell', 'The Bronx' = 'Bronx', and 'New York City' also answers to
// 'New York' (the name without its 'City' / 'Township' / 'Village of' ...).

/** Abbreviations the ZIP data and GeoNames use for whole words. */
const WORDS: Record<string, string> = {
  st: 'saint', ste: 'sainte', ft: 'fort', mt: 'mount', pt: 'point', hts: 'heights', spgs: 'springs', twp: 'township',
};
/** Compass abbreviations, only as the first word ('N Little Rock'): elsewhere 'S' may be an initial. */
const LEADING: Record<string, string> = { n: 'north', s: 'south', e: 'east', w: 'west' };

const GOVERNMENT_PREFIX = /^(?:the )?(?:city|town|village|borough|township|municipality) of /;
const GOVERNMENT_SUFFIX = / (?:city|town|township|village|borough)$/;

/** Lower case ASCII words with abbreviations spelled out: the exact form of a name. */
export function placeKey(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’.]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.map((word, index) => (index === 0 ? LEADING[word] : undefined) ?? WORDS[word] ?? word).join(' ');
}

/**
 * The keys a name answers to: its exact key first, then the key without 'The', without a government
 * prefix ('Township of Washington' → 'washington') or suffix ('New York City' → 'new york').
 */
export function placeKeys(name: string): string[] {
  const exact = placeKey(name);
  const keys = [exact];
  const add = (key: string) => {
    if (key && !keys.includes(key)) keys.push(key);
  };
  const bare = exact.replace(/^the /, '');
  add(bare);
  const withoutPrefix = bare.replace(GOVERNMENT_PREFIX, '');
  add(withoutPrefix);
  add(withoutPrefix.replace(GOVERNMENT_SUFFIX, ''));
  return keys;
}

/** How well two names match: 2 for the same exact key, 1 when only a shorter form matches, else 0. */
export function nameMatch(a: string, b: string): 0 | 1 | 2 {
  const keysA = placeKeys(a);
  const keysB = placeKeys(b);
  if (keysA[0] === keysB[0]) return 2;
  return keysA.some((key) => keysB.includes(key)) ? 1 : 0;
}
