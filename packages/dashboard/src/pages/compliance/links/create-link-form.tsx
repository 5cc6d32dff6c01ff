// Creating a public compliance link (issue 13): the whole wallet or chosen items, whether visitors may
// download files (for the link, and per chosen item), an optional label and an expiry (90 days unless
// chosen, at most a year). The answer's address is shown once, with a copy button: only its hash is kept.
import {
  createComplianceLinkSchema,
  LINK_DEFAULT_DAYS,
  LINK_ITEM_KIND_LABELS,
  type CreatedComplianceLink,
  type LinkItemKind,
} from '@permitdesk/core';
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { notify } from '../../../ui/notify.js';
import { Spinner } from '../../../ui/spinner.js';
import { serverMessageOr } from '../compliance-messages.js';

const EXPIRY_CHOICES = [7, 30, 90, 180, 365] as const;
const CREATE_ERROR = 'The link could not be created.';

interface WalletChoice {
  kind: LinkItemKind;
  id: number;
  name: string;
  fileName: string | null;
}
const keyOf = (item: { kind: LinkItemKind; id: number }) => `${item.kind}:${item.id}`;

/** The company's active items to choose from, in the vault's order. */
function useWallet(companyId: string) {
  return useQuery<WalletChoice[]>({
    queryKey: queryKeys.complianceLinks.wallet(companyId),
    queryFn: async ({ signal }) => {
      const c = api.companies;
      const opts = { params: { id: companyId }, query: { status: 'active' as const }, signal, silent: true };
      const [licenses, insurances, certificates, documentations] = await Promise.all([c.licenses.list(opts), c.insurances.list(opts), c.certificates.list(opts), c.documentations.list(opts)]);
      return [
        ...licenses.map((i) => ({ kind: 'license' as const, id: i.licenseId, name: i.name, fileName: i.fileName ?? null })),
        ...insurances.map((i) => ({ kind: 'insurance' as const, id: i.insuranceId, name: i.name, fileName: i.fileName ?? null })),
        ...certificates.map((i) => ({ kind: 'certificate' as const, id: i.certificateId, name: i.name, fileName: i.fileName ?? null })),
        ...documentations.map((i) => ({ kind: 'documentation' as const, id: i.documentId, name: i.name, fileName: i.fileName ?? null })),
      ];
    },
  });
}

/** The new link's address, shown once, with a copy button. */
export function CreatedLink({ created, onDone }: { created: CreatedComplianceLink; onDone: () => void }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refused permission): select the text for a manual copy.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <section className="card link-created" aria-labelledby={`${id}-title`}>
      <h2 className="card__title" id={`${id}-title`}>
        Your link is ready
      </h2>
      <p>Copy it now: for your security we keep only a fingerprint of it, so it cannot be shown again. Lost it? Revoke it and create a new one.</p>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          Link address
        </label>
        <div className="link-created__row">
          <input id={id} className="field__input" readOnly value={created.url} onFocus={(event) => event.currentTarget.select()} />
          <button type="button" className="btn" onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy link'}
          </button>
        </div>
        <p className="field__hint" role="status">
          {copied ? 'The link is on your clipboard.' : ''}
        </p>
      </div>
      <button type="button" className="btn btn--ghost" onClick={onDone}>
        Done
      </button>
    </section>
  );
}

export function CreateLinkForm({ companyId, onCreated }: { companyId: string; onCreated: (created: CreatedComplianceLink) => void }) {
  const ids = { label: useId(), expiry: useId(), scope: useId(), error: useId() };
  const wallet = useWallet(companyId);
  const [label, setLabel] = useState('');
  const [allItems, setAllItems] = useState(true);
  const [allowDownloads, setAllowDownloads] = useState(true);
  const [chosen, setChosen] = useState<Map<string, { kind: LinkItemKind; id: number; downloadable: boolean }>>(new Map());
  const [expiresInDays, setExpiresInDays] = useState<number>(LINK_DEFAULT_DAYS);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (item: WalletChoice, on: boolean) =>
    setChosen((map) => {
      const next = new Map(map);
      if (on) next.set(keyOf(item), { kind: item.kind, id: item.id, downloadable: allowDownloads });
      else next.delete(keyOf(item));
      return next;
    });
  const setDownloadable = (item: WalletChoice, downloadable: boolean) =>
    setChosen((map) => new Map(map).set(keyOf(item), { kind: item.kind, id: item.id, downloadable }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { label: label.trim() || null, allItems, allowDownloads, items: allItems ? [] : [...chosen.values()], expiresInDays };
    // The same schema the server checks with: its message, before any call.
    const checked = v.safeParse(createComplianceLinkSchema, body);
    if (!checked.success) return setError(checked.issues[0].message);
    setError(null);
    setBusy(true);
    try {
      onCreated(await api.complianceLinks.create({ params: { companyId }, body, silent: true }));
      setLabel('');
      setChosen(new Map());
    } catch (failure) {
      notify('error', serverMessageOr(failure instanceof Error ? failure.message : null, CREATE_ERROR));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate className="card" onSubmit={(event) => void submit(event)} aria-label="Create a public link" aria-describedby={error ? ids.error : undefined}>
      <h2 className="card__title">Create a public link</h2>
      <p className="muted">Anyone with the link — a homeowner, a general contractor, a city clerk — sees the live status of what you choose, without an account. You see every visit and can revoke it at any time.</p>
      <fieldset disabled={busy} className="plain-fieldset">
        <div className="form-grid">
          <div className="field">
            <label className="field__label" htmlFor={ids.label}>
              Label (optional)
            </label>
            <input id={ids.label} className="field__input" maxLength={120} placeholder="For the Smith kitchen" value={label} onChange={(event) => setLabel(event.currentTarget.value)} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.expiry}>
              Expires after
            </label>
            <select id={ids.expiry} className="field__input field__select" value={expiresInDays} onChange={(event) => setExpiresInDays(Number(event.currentTarget.value))}>
              {EXPIRY_CHOICES.map((days) => (
                <option key={days} value={days}>
                  {days === 365 ? '1 year' : `${days} days`}
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset className="plain-fieldset link-scope">
          <legend className="field__label">What the link shows</legend>
          <label className="link-scope__choice">
            <input type="radio" name={ids.scope} checked={allItems} onChange={() => setAllItems(true)} /> Our whole compliance wallet (what we add later too)
          </label>
          <label className="link-scope__choice">
            <input type="radio" name={ids.scope} checked={!allItems} onChange={() => setAllItems(false)} /> Only the items I choose
          </label>
          <label className="link-scope__choice">
            <input type="checkbox" checked={allowDownloads} onChange={(event) => setAllowDownloads(event.currentTarget.checked)} /> Visitors may download the files
          </label>
          {!allItems &&
            (wallet.data === undefined ? (
              wallet.error !== undefined ? <p className="muted">Your wallet could not be loaded.</p> : <Spinner label="Loading your wallet" />
            ) : wallet.data.length === 0 ? (
              <p className="muted">Your wallet is empty: add licenses, insurance, certificates or documentation first.</p>
            ) : (
              <ul className="link-scope__items" aria-label="Items to share">
                {wallet.data.map((item) => {
                  const picked = chosen.get(keyOf(item));
                  return (
                    <li key={keyOf(item)}>
                      <label className="link-scope__choice">
                        <input type="checkbox" checked={picked !== undefined} onChange={(event) => toggle(item, event.currentTarget.checked)} /> {LINK_ITEM_KIND_LABELS[item.kind]}: {item.name}
                        {item.fileName ? <span className="muted"> ({item.fileName})</span> : <span className="muted"> (no file)</span>}
                      </label>
                      {picked && item.fileName && (
                        <label className="link-scope__choice link-scope__download">
                          <input type="checkbox" checked={picked.downloadable} onChange={(event) => setDownloadable(item, event.currentTarget.checked)} /> Allow download of {item.fileName}
                        </label>
                      )}
                    </li>
                  );
                })}
              </ul>
            ))}
        </fieldset>
        {error && (
          <p className="field__error" id={ids.error} role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn">
          {busy ? <Spinner label="Creating" /> : 'Create link'}
        </button>
      </fieldset>
    </form>
  );
}
