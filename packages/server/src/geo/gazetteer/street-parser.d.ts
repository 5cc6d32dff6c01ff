// Types for the parse-address package (ISC, a port of Perl's Geo::StreetAddress::US), which ships none.
declare module 'parse-address' {
  export interface ParsedStreet {
    number?: string;
    prefix?: string;
    street?: string;
    type?: string;
    suffix?: string;
    sec_unit_type?: string;
    sec_unit_num?: string;
    city?: string;
    state?: string;
    zip?: string;
    plus4?: string;
  }
  /** A street line without city ('350 5th Ave Apt 2'), or null when it is none. */
  export function parseInformalAddress(address: string): ParsedStreet | null;
  export function parseLocation(address: string): ParsedStreet | null;
}
