// How a keyword of the search boxes matches a permit's lower-cased search text (permits.search_text):
// one rule for the radar (projects/search) and the permit team's queue (operator/queue).
import { sql, type RawBuilder } from 'kysely';

/** LIKE pattern for a keyword: lower case, with % _ and \ taken literally. */
export const containsPattern = (keyword: string) => `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The start of a word in the search texts, as a regular expression: the text's start or an ASCII
 * character that is neither a letter nor a digit. Listed one by one (a bracket expression with `]` first,
 * `\` escaped and `-` last) because pg_trgm can read trigrams out of a small character set, which it
 * takes for the blank before a word, but not out of a class like [^[:alnum:]].
 */
const WORD_START = '(^|[] !"#$%&\'()*+,./:;<=>?@[\\\\^_`{|}~-])';

/**
 * A keyword of one or two letters or digits gives pg_trgm no trigram to look up: as a substring it could
 * only be found by reading every permit of the scope (~100 ms at 200,000). It matches at the start of a
 * word instead ('jo' finds 'John' and 'Lake Jordan Rd', not 'Major'), which the index answers through
 * the blank-padded trigrams of word starts: the type-ahead case of the radar search box. Longer keywords,
 * and short ones with punctuation ('po-1'), are substrings as before.
 */
export const isShortKeyword = (keyword: string) => /^[\p{L}\p{N}]{1,2}$/u.test(keyword);

/** How a keyword is tested on a lower-cased text column: contained in it, or (short) starting a word of it. */
export function keywordMatcher(keyword: string): (column: string) => RawBuilder<unknown> {
  if (isShortKeyword(keyword)) {
    const pattern = `${WORD_START}${keyword.toLowerCase()}`;
    return (column) => sql`${sql.raw(column)} ~ ${pattern}`;
  }
  const pattern = containsPattern(keyword);
  return (column) => sql`${sql.raw(column)} LIKE ${pattern}`;
}
