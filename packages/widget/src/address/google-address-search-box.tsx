// The address search box on Google Places autocomplete (use-places-autocomplete), used when the partner
// gave a maps key. Google suggests as the user types (US addresses only); the picked suggestion is then
// resolved through the PermitDesk server's address search, so the address keeps the server's id (and
// its request count, municipality and geocoding) whichever box found it.
import { useEffect, useState } from 'react';
import usePlacesAutocomplete from 'use-places-autocomplete';
import type { AddressSearchResult } from '@permitdesk/core';
import { loadGoogleMaps } from '../map/google-map.js';
import { Combobox } from '../ui/combobox.js';
import { ADDRESS_MESSAGES } from './address-messages.js';
import type { AddressSearchBoxProps } from './address-search-box.js';

export function GoogleAddressSearchBox({ label, search, onPick, initialText = '', error, mapsKey }: AddressSearchBoxProps & { mapsKey: string }) {
  const [failed, setFailed] = useState(false);
  const {
    ready,
    value,
    setValue,
    suggestions: { status, data, loading },
    init,
  } = usePlacesAutocomplete({
    initOnMount: false,
    debounce: 250,
    defaultValue: initialText,
    requestOptions: { componentRestrictions: { country: 'us' }, types: ['address'] },
  });

  useEffect(() => {
    let live = true;
    loadGoogleMaps(mapsKey)
      .then(() => (globalThis as { google?: typeof google }).google?.maps.importLibrary('places'))
      .then(
        () => live && init(),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [mapsKey]);

  const pick = async (description: string) => {
    setValue(description, false);
    // The server's own result for the chosen address (its id is what counts and geocodes).
    const [match] = await search(description, new AbortController().signal).catch((): AddressSearchResult[] => []);
    if (match) onPick(match);
    else setFailed(true);
  };

  const message = !value
    ? ADDRESS_MESSAGES.startTyping
    : loading
      ? ADDRESS_MESSAGES.searching
      : failed || (status && status !== 'OK' && status !== 'ZERO_RESULTS')
        ? ADDRESS_MESSAGES.failed
        : status === 'ZERO_RESULTS' || (status === 'OK' && data.length === 0)
          ? ADDRESS_MESSAGES.notFound
          : null;

  return (
    <Combobox
      label={label}
      text={value}
      onText={(text) => {
        setFailed(false);
        setValue(text);
      }}
      options={data}
      optionKey={(prediction) => prediction.place_id}
      optionLabel={(prediction) => prediction.description.replace(/, USA$/, '')}
      onPick={(prediction) => void pick(prediction.description.replace(/, USA$/, ''))}
      status={message}
      placeholder={ADDRESS_MESSAGES.placeholder}
      hint={value ? undefined : ADDRESS_MESSAGES.typeHere}
      error={error}
      disabled={!ready && !failed}
      onClear={() => setValue('', false)}
      clearLabel="Clear address"
      autoComplete="street-address"
    />
  );
}
export default GoogleAddressSearchBox;
