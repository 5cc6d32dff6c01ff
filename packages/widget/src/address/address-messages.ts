// The address search box's messages, word for word from SPEC §2.8 and §8.
export const ADDRESS_MESSAGES = {
  placeholder: 'Search for an address...',
  startTyping: 'Start typing an address.',
  searching: 'Searching...',
  notFound: "Uh oh! We couldn't find that address.",
  typeHere: 'Type the address here.',
  failed: 'Sorry, something went wrong.',
  detailPlaceholder: 'Apartment, Building, Floor, Buzzer #, etc.',
  change: 'Change address',
} as const;
