// Address step (SPEC §2.5 step 1): the address search box, the chosen address with its optional second
// line, the similar-address warning and Next.
import type { ReactNode } from 'react';
import type { AddressSearchResult, GeocodedAddress } from '@permitdesk/core';
import type { AddressDetailProps } from '../address/address-detail.js';
import { ADDRESS_MESSAGES } from '../address/address-messages.js';
import { AddressSearchBox, type AddressSearchBoxProps } from '../address/address-search-box.js';
import type { AddressSearch } from '../address/use-address-search.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { Spinner } from '../ui/spinner.js';

export interface AddressStepProps {
  search: AddressSearch;
  /** The picked result, while it is being geocoded and after. */
  picked: AddressSearchResult | null;
  /** The geocoded address once known: the detail view shows it. */
  address: GeocodedAddress | null;
  line2: string;
  onLine2(value: string): void;
  onPick(result: AddressSearchResult): void;
  onChangeAddress(): void;
  /** Link to the radar search of an address with a previous request (opens in a new tab). */
  similarUrl: string | null;
  canNext: boolean;
  busy?: boolean;
  /** The flow's alert ('Failed to Lookup Address' ...), rendered by the caller. */
  alert?: ReactNode;
  /** Draws the chosen address's detail view (lazily loaded by the modal; directly in stories). */
  renderDetail(props: AddressDetailProps): ReactNode;
  /** Draws the search box instead of the built-in one (Google's, when a maps key is set). */
  renderSearch?(props: AddressSearchBoxProps): ReactNode;
  /** Text to search for straight away (PermitDesk('open', { address })). */
  initialText?: string;
  onNext(): void;
}

export function AddressStep(props: AddressStepProps) {
  const { picked, address } = props;
  return (
    <>
      {picked && address ? (
        props.renderDetail({ address, line2: props.line2, onLine2: props.onLine2, onChange: props.onChangeAddress })
      ) : picked ? (
        <div className="pd-field">
          <span className="pd-label">Job site address</span>
          <p className="pd-sub">
            {props.busy ? <Spinner /> : null} {picked.place_name}
          </p>
          {props.busy ? null : (
            <div>
              <button type="button" className="pd-link" onClick={props.onChangeAddress}>
                {ADDRESS_MESSAGES.change}
              </button>
            </div>
          )}
        </div>
      ) : (
        (props.renderSearch ?? ((box: AddressSearchBoxProps) => <AddressSearchBox {...box} />))({
          label: 'Job site address',
          search: props.search,
          onPick: props.onPick,
          initialText: props.initialText,
        })
      )}
      {props.similarUrl ? (
        <Alert kind="warning">
          A request was already made for this address.{' '}
          <a href={props.similarUrl} target="_blank" rel="noopener noreferrer">
            View it on your project radar
          </a>
        </Alert>
      ) : null}
      {props.alert}
      <div className="pd-actions">
        <Button disabled={!props.canNext} busy={props.busy} onClick={props.onNext}>
          Next
        </Button>
      </div>
    </>
  );
}

/** The left side of the address step: the map and the served-requests line. */
export function AddressAside({ map, count }: { map: ReactNode; count: number | null }) {
  return (
    <>
      {map}
      {count === null ? null : (
        <p className="pd-sub">{servedLine(count)}</p>
      )}
    </>
  );
}

/** SPEC §2.5, with {product} = permits. */
export const servedLine = (count: number): string =>
  `To date, we have served up ${count.toLocaleString('en-US')} requests for information that helps get permits faster.`;
