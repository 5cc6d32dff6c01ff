// The address search box of SPEC §2.8: placeholder 'Search for an address...', its four messages,
// arrow keys and Enter to pick a result, and a clear button.
import { useState } from 'react';
import type { AddressSearchResult } from '@permitdesk/core';
import { Combobox } from '../ui/combobox.js';
import { ADDRESS_MESSAGES } from './address-messages.js';
import { useAddressSearch, type AddressSearch } from './use-address-search.js';

export interface AddressSearchBoxProps {
  label: string;
  search: AddressSearch;
  onPick(result: AddressSearchResult): void;
  initialText?: string;
  error?: string | null;
}

export function AddressSearchBox({ label, search, onPick, initialText = '', error }: AddressSearchBoxProps) {
  const [text, setText] = useState(initialText);
  const { results, status } = useAddressSearch(search, text);
  return (
    <Combobox
      label={label}
      text={text}
      onText={setText}
      options={results}
      optionKey={(result) => result.id}
      optionLabel={(result) => result.place_name}
      onPick={(result) => {
        setText(result.place_name);
        onPick(result);
      }}
      status={status}
      placeholder={ADDRESS_MESSAGES.placeholder}
      hint={text ? undefined : ADDRESS_MESSAGES.typeHere}
      error={error}
      onClear={() => setText('')}
      clearLabel="Clear address"
      autoComplete="street-address"
    />
  );
}
