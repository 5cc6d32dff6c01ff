// /new-project: create a project at an address (the widget's address search box and detail view),
// then add permits to it by type of work (projects.create, then projects.addPermits). With
// ?project={id} it adds permits to that existing project.
import { valibotResolver } from '@hookform/resolvers/valibot';
import {
  FLOW_MESSAGES,
  INDIVIDUAL_REQUESTS_CLOSED_MESSAGE,
  createProjectSchema,
  isIndividualRequestAllowed,
  municipalityLocationQuery,
  projectPermitUrl,
  type AddressSearchResult,
  type GeocodedAddress,
  type Municipality,
  type Project,
} from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { AddressDetail, AddressSearchBox, type AddressSearch } from '@permitdesk/widget';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { GateNotice, missingOf, refusedItems, useGate } from '../gate/gate-notice.js';
import * as v from 'valibot';
import { queryKeys } from '../../data/query-keys.js';
import { useGlobalSettings, useTasks } from '../../data/reference-data.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { useAuth } from '../../session/session.js';
import { Alert } from '../../ui/alert.js';
import { Field } from '../../ui/field.js';
import { Spinner } from '../../ui/spinner.js';
import '../radar/radar.css';
import '../../ui/widget-fields.css';
import './new-project.css';

const detailsSchema = v.pick(createProjectSchema, ['name', 'customerName', 'orderNumber']);
type Details = v.InferInput<typeof detailsSchema>;

const searchAddresses: AddressSearch = (q, signal) => api.lookups.searchAddresses({ query: { q }, signal, silent: true });
const messageOf = (error: unknown, fallback: string) => (isApiRequestError(error) ? error.message : fallback);

interface Place {
  result: AddressSearchResult;
  address: GeocodedAddress;
  municipality: Municipality | null;
}

function TaskPicker({ chosen, onChosen }: { chosen: number[]; onChosen: (ids: number[]) => void }) {
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const tasks = useTasks();
  const shown = useMemo(
    () => (tasks.data ?? []).filter((task) => task.name.toLowerCase().includes(filter.trim().toLowerCase())).slice(0, 60),
    [tasks.data, filter],
  );
  if (tasks.loading) return <Spinner label="Loading types of work" />;
  return (
    <fieldset className="task-picker">
      <legend className="field__label">Permits to add</legend>
      <label className="visually-hidden" htmlFor={filterId}>
        Filter types of work
      </label>
      <input id={filterId} className="field__input" placeholder="Filter types of work" value={filter} onChange={(event) => setFilter(event.currentTarget.value)} />
      <ul className="task-picker__list">
        {shown.map((task) => (
          <li key={task.id}>
            <label className="task-picker__choice">
              <input
                type="checkbox"
                checked={chosen.includes(task.id)}
                onChange={(event) => onChosen(event.currentTarget.checked ? [...chosen, task.id] : chosen.filter((id) => id !== task.id))}
              />
              {task.name}
            </label>
          </li>
        ))}
        {shown.length === 0 && <li className="muted">No Matches Found</li>}
      </ul>
      <p className="field__hint">{chosen.length === 0 ? 'Choose at least one.' : `${chosen.length} chosen.`}</p>
    </fieldset>
  );
}

export default function NewProjectPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const existingId = params.get('project');
  const companyId = useAuth((s) => s.currentCompanyId);
  const me = useAuth((s) => s.user);
  const [place, setPlace] = useState<Place | null>(null);
  const [line2, setLine2] = useState('');
  const [locating, setLocating] = useState(false);
  const [taskIds, setTaskIds] = useState<number[]>([]);
  // The expected work dates: the pre-filing gate checks the vault through them (issue 16).
  const [workStart, setWorkStart] = useState('');
  const [workEnd, setWorkEnd] = useState('');
  const [failure, setFailure] = useState<{ title?: string; message: string } | null>(null);
  // The pre-filing gate: what the company lacks for these permits, and the contractor's acknowledgement.
  const [acknowledged, setAcknowledged] = useState(false);
  const [refused, setRefused] = useState<ReturnType<typeof refusedItems>>(null);
  // The project made by a submit whose permits were refused (the gate's 422): the next submit adds to it.
  const [made, setMade] = useState<Project | null>(null);
  // SPEC §9: INDIVIDUAL_REQUEST_PERMIT decides whether someone without a company may request permits.
  const settings = useGlobalSettings();
  const individualClosed = !companyId && settings !== undefined && !isIndividualRequestAllowed(settings);
  const existing = useQuery<Project>({
    queryKey: existingId ? queryKeys.projects.get(existingId) : null,
    queryFn: ({ signal }) => api.projects.get({ params: { id: existingId ?? '' }, signal }),
  });
  const { register, handleSubmit, formState } = useForm<Details>({
    resolver: valibotResolver(detailsSchema),
    defaultValues: { name: '', customerName: me?.name ?? '', orderNumber: '' },
  });

  const pick = async (result: AddressSearchResult) => {
    setLocating(true);
    setFailure(null);
    try {
      const address = await api.lookups.geocodeAddress({ params: { id: result.id }, silent: true });
      const municipality = await api.lookups
        // With the address's USPS city: 350 5th Ave is in the City of New York, not in 'Times Square'.
        .municipalityByLocation({ query: municipalityLocationQuery(address), silent: true })
        .catch(() => null);
      setPlace({ result, address, municipality });
      setLine2(address.streetModifier ?? '');
    } catch {
      // SPEC §8's address lookup failure.
      setFailure({ title: FLOW_MESSAGES.addressLookupFailedTitle, message: FLOW_MESSAGES.addressLookupFailed });
    } finally {
      setLocating(false);
    }
  };

  const addPermits = async (project: Project, municipalityId: number | undefined) => {
    const updated = await api.projects.addPermits({
      params: { id: project.id },
      body: {
        taskIds,
        ...(municipalityId ? { municipalityId } : {}),
        ...(workStart ? { workStart } : {}),
        ...(workEnd ? { workEnd } : {}),
        ...(acknowledged ? { acknowledgeGate: true } : {}),
      },
      silent: true,
    });
    const first = updated.permits.find((permit) => taskIds.includes(permit.taskId)) ?? updated.permits[0];
    navigate(first ? projectPermitUrl(updated.id, first.id) : `/projects/${updated.id}`);
  };

  const submit = handleSubmit(async (details) => {
    setFailure(null);
    if (taskIds.length === 0) {
      setFailure({ message: 'Choose at least one type of work.' });
      return;
    }
    try {
      if (existing.data) {
        await addPermits(existing.data, existing.data.permits[0]?.municipalityId);
        return;
      }
      if (!place) {
        setFailure({ message: 'Choose the job-site address first.' });
        return;
      }
      if (made) {
        await addPermits(made, place.municipality?.id);
        return;
      }
      const { address } = place;
      const project = await api.projects.create({
        body: {
          name: details.name?.trim() || undefined,
          customerName: details.customerName,
          orderNumber: details.orderNumber?.trim() || null,
          address: { streetAddress: address.streetAddress, streetModifier: line2.trim() || null, city: address.city, state: address.state, postalCode: address.postalCode },
          companyId: companyId ? Number(companyId) : null,
          latitude: address.latitude,
          longitude: address.longitude,
        },
        silent: true,
      });
      setMade(project);
      await addPermits(project, place.municipality?.id);
    } catch (error) {
      setRefused(refusedItems(error));
      setFailure({ message: messageOf(error, 'The project could not be created.') });
    }
  });

  const gate = useGate({
    companyId: existing.data ? (existing.data.companyId === null ? null : String(existing.data.companyId)) : companyId,
    municipalityId: existing.data ? existing.data.permits[0]?.municipalityId : place?.municipality?.id,
    taskIds,
    start: workStart,
    end: workEnd,
  });
  const gateItems = refused ?? missingOf(gate.data);
  const gateHolds = gateItems.length > 0 && !acknowledged;
  const errors = formState.errors;
  return (
    <div className="container container--text new-project widget-fields">
      <h1 className="page-title">{existing.data ? `Add permits to ${existing.data.name || existing.data.customerName}` : 'New project'}</h1>
      <p className="page-lead">
        {existing.data ? existing.data.projectAddress : 'Enter the job-site address and the types of work: we find the municipality and prepare the applications.'}
      </p>
      <form className="card new-project__form" noValidate onSubmit={(event) => void submit(event)}>
        {!existingId && (
          <section className="new-project__address" aria-label="Job-site address">
            {place ? (
              <>
                <AddressDetail address={place.address} line2={line2} onLine2={setLine2} onChange={() => { setPlace(null); setMade(null); }} line2Label="Address 2 (optional)" />
                <p className="new-project__municipality">
                  {place.municipality ? (
                    <>
                      Permits through <strong>{place.municipality.name}</strong>
                    </>
                  ) : (
                    'We will find the municipality for this address.'
                  )}
                </p>
              </>
            ) : (
              <AddressSearchBox label="Job-site address" search={searchAddresses} onPick={(result) => void pick(result)} />
            )}
            {locating && <Spinner label="Looking up the address" />}
          </section>
        )}
        {!existingId && (
          <div className="new-project__fields">
            <Field label="Customer Name" error={errors.customerName?.message} {...register('customerName')} />
            <Field label="Project Name (optional)" {...register('name')} />
            <Field label="Order Number (optional)" {...register('orderNumber')} />
          </div>
        )}
        <TaskPicker chosen={taskIds} onChosen={setTaskIds} />
        <div className="new-project__fields">
          <Field label="Estimated Start Date (optional)" type="date" value={workStart} onChange={(event) => { setWorkStart(event.currentTarget.value); setRefused(null); }} />
          <Field label="Estimated Completion Date (optional)" type="date" value={workEnd} min={workStart || undefined} onChange={(event) => { setWorkEnd(event.currentTarget.value); setRefused(null); }} />
        </div>
        <GateNotice items={gateItems} acknowledged={acknowledged} onAcknowledged={setAcknowledged} disabled={formState.isSubmitting} />
        {individualClosed && <Alert kind="info">{INDIVIDUAL_REQUESTS_CLOSED_MESSAGE}</Alert>}
        {failure && (
          <Alert kind="error" {...(failure.title ? { title: failure.title } : {})}>
            {failure.message}
          </Alert>
        )}
        <div className="row">
          <button type="submit" className="btn" disabled={formState.isSubmitting || locating || individualClosed || gateHolds}>
            {formState.isSubmitting ? 'Creating…' : existingId ? 'Add Permits' : 'Create Project'}
          </button>
          <Link to="/project-radar" className="btn btn--ghost">
            Cancel
          </Link>
        </div>
      </form>
    </div>
  );
}
