// Form submissions (POST /v4/forms/{formId}/entries): the request carries the submitter's choices and
// answers; the answers are checked against the form's definition (400 naming every failing field), the
// server rebuilds the entry from the choices (the job site and its municipality from the address id),
// then each form does its work in one transaction and the derived entry is stored with what it created:
// Forms 52 and 31 pass the pre-filing gate first (gate/gate.ts): incomplete and not acknowledged → 422.
//  52 creates a project and its permit (stage 10 Requested, a session for /success), counts the address
//     and mails the customer a confirmation;
//  31 applies for a permit on an existing project (a project still at the permit-needed question moves
//     to Requested; otherwise a new permit for the entry's task);
//  50 requests cancellation (the permit goes to 75 Pending Cancellation);
//  32 records an integration entry.
import {
  applicableForm,
  applicantType,
  FORM_IDS,
  STAGE,
  postalAddressSchema,
  stageName,
  statusMessage,
  validateFormAnswers,
  normalizeFormAnswers,
  type FormAnswers,
  type FormChoices,
  type FormEntryResult,
  type FormSubmission,
  type FormId,
  type PermitFormEntry,
  type PostalAddress,
} from '@permitdesk/core';
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import type { AuthUser } from '../identity/user.js';
import { requireRoleInCompany, requireRoleInNamedCompany } from '../companies/company-access.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { answerInTransaction } from '../db/idempotency-keys.js';
import { countAddressRequest } from '../lookups/address-counts.repository.js';
import { municipalityChoice } from '../lookups/governing-municipality.js';
import { requireIndividualRequestsOpen } from '../lookups/settings.repository.js';
import { addressIdOf } from '../geo/gazetteer/address-provider.js';
import { PROJECT_CREATOR_ROLES, requirePermitAccess, requireProjectAccess } from '../permits/access.js';
import { changeStage } from '../permits/stage-change.js';
import { requestCancellationSignature } from '../esign/envelopes.js';
import { recordAudit, type AuditActor } from '../audit/audit.js';
import { assertMunicipality, assertTasks, insertPermit } from '../permits/permits.repository.js';
import { insertProject, oneLineAddress } from '../projects/projects.repository.js';
import type { AppServices } from '../services.js';
import { CANCELLATION_REASONS, formDefinition } from './definitions.js';
import { buildEntryData, geocodeJobSite, MUNICIPALITY_MISMATCH_MESSAGE, type Contact } from './entry-data.js';
import type { Db, Tx } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { computeGate, enforceGate } from '../gate/gate.js';

export const CANCELLATION_EXISTS_MESSAGE = 'A cancellation has already been requested for this permit.';
export const NOT_CANCELLABLE_MESSAGE = 'This permit can no longer be canceled.';
export const INCOMPLETE_ADDRESS_MESSAGE = 'The job site address is not complete.';
export const INTEGRATION_EXISTS_MESSAGE = 'This integration record already exists.';
const NOT_CANCELLABLE: readonly number[] = [STAGE.Canceled, STAGE.Closed, STAGE.PendingCancellation];

interface Work {
  services: AppServices;
  user: AuthUser;
  actor: AuditActor;
  /** The submitter's contact (the confirmation mail's recipient), read with their staff flag. */
  contact: Contact;
  choices: FormChoices;
  answers: FormAnswers;
  /** 'Submit anyway; the permit team will ask for it' (the pre-filing gate). */
  acknowledgeGate?: boolean | undefined;
  now: Date;
}

/** What an entry is stored as: the prefill the server rebuilt, or the facts it checked for forms without one. */
type DerivedEntry = PermitFormEntry | Record<string, string | number | null>;

/** 400 with every failing field; the first one's message is the error's message. */
export function checkAnswers(formId: FormId, answers: FormAnswers, applicant?: PermitFormEntry['ApplicantType']): FormAnswers {
  // Fields asked only of other applicants (a homeowner's license numbers) are unknown fields here.
  const definition = applicableForm(formDefinition(formId), applicant);
  const errors = validateFormAnswers(definition, answers, { strict: true });
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, 'VALIDATION_ERROR', errors);
  return normalizeFormAnswers(definition, answers);
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const amount = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function jobSiteOf(entry: PermitFormEntry): PostalAddress {
  const parsed = v.safeParse(postalAddressSchema, {
    streetAddress: entry.JobSiteAddress.Line1,
    streetModifier: entry.JobSiteAddress.Line2 || null,
    city: entry.JobSiteAddress.City,
    state: entry.JobSiteAddress.State,
    postalCode: entry.JobSiteAddress.PostalCode,
  });
  if (!parsed.success) throw badRequest(INCOMPLETE_ADDRESS_MESSAGE, 'INVALID_ADDRESS', { 'entry.JobSiteAddress': INCOMPLETE_ADDRESS_MESSAGE });
  return parsed.output;
}

async function storeEntry(
  trx: Tx,
  work: Work,
  entry: DerivedEntry,
  formId: FormId,
  made: { companyId?: number | null; projectId: number | null; permitId: number | null; session: string | null; integrationId?: string | null },
): Promise<FormEntryResult> {
  const row = await trx
    .insertInto('form_entries')
    .values({
      form_id: formId,
      user_id: work.user.sub,
      company_id: made.companyId ?? null,
      project_id: made.projectId,
      permit_id: made.permitId,
      session: made.session,
      integration_id: made.integrationId ?? null,
      entry: JSON.stringify(entry),
      answers: JSON.stringify(work.answers),
      created_at: work.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The answer is kept with the entry's Idempotency-Key in this transaction: a lost reply is replayed.
  return answerInTransaction(trx, { entryId: Number(row.id), formId, projectId: made.projectId, permitId: made.permitId, session: made.session, createdAt: work.now.toISOString() });
}

/** The confirmation mail of a permit request, to the signed-in customer. */
async function mailConfirmation(trx: Tx, work: Work, permit: { id: number; projectId: number; customerName: string }): Promise<void> {
  const to = work.contact;
  await work.services.mail.send(
    'permit_stage_update',
    to.email,
    {
      name: to.name,
      permitId: permit.id,
      customerName: permit.customerName,
      stageName: stageName(STAGE.Requested),
      message: statusMessage('requested'),
      link: `${work.services.config.PUBLIC_URL}/projects/${permit.projectId}/${permit.id}`,
    },
    { db: trx },
  );
}

/** The pre-filing gate of a permit request: refused (422) when incomplete and not acknowledged. */
async function gateFor(work: Work, place: { taskId: number; municipalityId: number; companyId: number | null }) {
  const { answers } = work;
  const result = await computeGate(work.services.db, { ...place, start: text(answers.EstimatedStartDate), end: text(answers.EstimatedCompletionDate), now: work.now });
  return enforceGate(result, work.acknowledgeGate);
}

const completionOf = (answers: FormAnswers): Date | null => {
  const day = text(answers.EstimatedCompletionDate);
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : null;
};

async function submitServiceRequest(work: Work): Promise<FormEntryResult> {
  const { services, user, choices, answers } = work;
  const companyId = choices.companyId ?? null;
  const company = companyId !== null ? await requireRoleInNamedCompany(services.db, user.sub, companyId, PROJECT_CREATOR_ROLES) : null;
  if (companyId === null) await requireIndividualRequestsOpen(services.db);
  // The job site, its municipality and the task come from the address id, never from the request.
  // The project-creator roles checked above are usable roles: the prefill does not ask again.
  // Geocoded once (a street geocoder is a call over the network): the prefill places the job site with it,
  // and the project keeps its point.
  const geocoded = choices.addressId ? await geocodeJobSite(services, choices.addressId) : undefined;
  const entry = await buildEntryData(
    services,
    user,
    {
      taskId: choices.taskId,
      addressId: choices.addressId,
      addressLine2: choices.addressLine2,
      municipalityId: choices.municipalityId,
      companyId: companyId ?? undefined,
    },
    { ...(company ? { company: { id: company.id, name: company.name } } : {}), contact: work.contact, ...(geocoded ? { geocoded } : {}) },
  );
  const municipality = { id: entry.MunicipalityID };
  const address = jobSiteOf(entry);
  const customerName = text(answers.CustomerName) ?? entry.CustomerName ?? entry.FullName ?? '';
  const gateResult = await gateFor(work, { taskId: entry.TaskID, municipalityId: municipality.id, companyId });

  return inTransaction(services.db, async (trx) => {
    const projectId = await insertProject(trx, {
      companyId,
      createdBy: user.sub,
      actor: work.actor,
      customerName,
      orderNumber: text(answers.ProjectIdentifier),
      address,
      addressId: entry.AddressID ? addressIdOf(entry.AddressID) : null,
      latitude: geocoded?.latitude ?? null,
      longitude: geocoded?.longitude ?? null,
      municipalityId: municipality.id,
      municipalityChoice: geocoded ? municipalityChoice(services.geo, geocoded) : null,
      customerPhoneNumber: text(answers.ContactPhoneNumber),
      homeBuiltDate: text(answers.HomeBuiltDate),
      now: work.now,
    });
    const permit = await insertPermit(trx, {
      projectId,
      taskId: entry.TaskID,
      municipalityId: municipality.id,
      createdBy: user.sub,
      actor: work.actor,
      scopeOfWork: text(answers.DescriptionOfWork),
      projectValue: amount(answers.JobValue),
      estCompletionAt: completionOf(answers),
      gateResult,
      now: work.now,
    });
    if (entry.AddressID && geocoded) {
      const details = { longitude: geocoded.longitude, latitude: geocoded.latitude, place_name: oneLineAddress(address) };
      await countAddressRequest(trx, entry.AddressID, details, 'widget');
    }
    await mailConfirmation(trx, work, { id: permit.id, projectId, customerName });
    return storeEntry(trx, work, entry, FORM_IDS.serviceRequestPermit, { companyId, projectId, permitId: permit.id, session: permit.session });
  });
}

/** A permit applies where its project is: another municipality is refused, not stored. */
async function projectMunicipality(db: Db, ofProject: number | null, chosen: number | undefined): Promise<number> {
  if (ofProject === null) {
    if (chosen === undefined) throw badRequest('Municipality is required.', 'VALIDATION_ERROR', { municipalityId: 'Municipality is required.' });
    return (await assertMunicipality(db, chosen)).id;
  }
  if (chosen !== undefined && chosen !== ofProject) throw badRequest(MUNICIPALITY_MISMATCH_MESSAGE, 'MUNICIPALITY_MISMATCH', { municipalityId: MUNICIPALITY_MISMATCH_MESSAGE });
  return ofProject;
}

async function submitProjectPermit(work: Work): Promise<FormEntryResult> {
  const { services, user, choices, answers } = work;
  const db = services.db;
  if (choices.projectId == null) throw badRequest('ProjectId is required.', 'VALIDATION_ERROR', { projectId: 'ProjectId is required.' });
  const access = await requireProjectAccess(db, user.sub, choices.projectId, 'editor');
  const project = await db.selectFrom('projects').select(['id', 'customer_name', 'municipality_id']).where('id', '=', access.projectId).executeTakeFirstOrThrow();
  const municipalityId = await projectMunicipality(db, project.municipality_id, choices.municipalityId);
  const existing = choices.permitId != null
    ? await db.selectFrom('permits').select(['id', 'stage', 'session', 'task_id']).where('id', '=', choices.permitId).where('project_id', '=', project.id).executeTakeFirst()
    : undefined;
  if (choices.permitId != null && !existing) throw notFound('Permit not found.', 'PERMIT_NOT_FOUND');
  const taskId = choices.taskId ?? existing?.task_id;
  if (taskId === undefined) throw badRequest('Task is required.', 'VALIDATION_ERROR', { taskId: 'Task is required.' });
  const entry: DerivedEntry = { ProjectId: project.id, PermitId: existing?.id ?? null, TaskID: taskId, MunicipalityID: municipalityId, CompanyID: access.companyId };
  const scopeOfWork = text(answers.DescriptionOfWork);
  const projectValue = amount(answers.JobValue);
  const gateResult = await gateFor(work, { taskId, municipalityId, companyId: access.companyId });

  if (existing && [STAGE.Unsorted, STAGE.NoPermit, STAGE.NoPermitNeeded].includes(existing.stage as 70)) {
    // The project was waiting at the permit-needed question: this application is its permit request.
    return inTransaction(services.db, async (trx) => {
      const session = existing.session ?? randomUUID();
      await trx
        .updateTable('permits')
        .set({ scope_of_work: scopeOfWork, project_value: projectValue, session, gate_result: JSON.stringify(gateResult), updated_at: work.now })
        .where('id', '=', existing.id)
        .execute();
      await changeStage(trx, services, { permitId: existing.id, stage: STAGE.Requested, userId: user.sub, by: 'customer', actor: work.actor, note: 'Permit application submitted.' });
      await mailConfirmation(trx, work, { id: existing.id, projectId: project.id, customerName: project.customer_name });
      return storeEntry(trx, work, entry, FORM_IDS.project, { companyId: access.companyId, projectId: project.id, permitId: existing.id, session });
    });
  }
  await assertTasks(db, [taskId]);
  return inTransaction(services.db, async (trx) => {
    const permit = await insertPermit(trx, {
      projectId: project.id, taskId, municipalityId, createdBy: user.sub, actor: work.actor, scopeOfWork, projectValue, estCompletionAt: completionOf(answers), gateResult, now: work.now,
    });
    await mailConfirmation(trx, work, { id: permit.id, projectId: project.id, customerName: project.customer_name });
    return storeEntry(trx, work, entry, FORM_IDS.project, { companyId: access.companyId, projectId: project.id, permitId: permit.id, session: permit.session });
  });
}

async function submitCancellation(work: Work): Promise<FormEntryResult> {
  const { services, user, choices, answers } = work;
  const db = services.db;
  if (choices.permitId == null) throw badRequest('PermitId is required.', 'VALIDATION_ERROR', { permitId: 'PermitId is required.' });
  const access = await requirePermitAccess(db, user.sub, choices.permitId, 'editor');
  const permitId = choices.permitId;
  const entry: DerivedEntry = { ProjectId: access.projectId, PermitId: permitId, CompanyID: access.companyId };
  const reason = CANCELLATION_REASONS.find((r) => r.value === answers.Reason)?.label ?? String(answers.Reason);
  const details = text(answers.Details);
  return inTransaction(services.db, async (trx) => {
    const permit = await trx.selectFrom('permits').select(['stage']).where('id', '=', permitId).forUpdate().executeTakeFirstOrThrow();
    const open = await trx.selectFrom('cancellation_requests').select('id').where('permit_id', '=', permitId).where('resolved_at', 'is', null).executeTakeFirst();
    if (open) throw conflict(CANCELLATION_EXISTS_MESSAGE, 'CANCELLATION_EXISTS');
    if (NOT_CANCELLABLE.includes(permit.stage)) throw conflict(NOT_CANCELLABLE_MESSAGE, 'NOT_CANCELLABLE');
    await trx
      .insertInto('cancellation_requests')
      .values({
        permit_id: permitId,
        requested_by: user.sub,
        reason: details ? `${reason}: ${details}` : reason,
        form_entry: JSON.stringify(answers),
        previous_stage: permit.stage,
        created_at: work.now,
      })
      .execute();
    await changeStage(trx, services, { permitId, stage: STAGE.PendingCancellation, userId: user.sub, by: 'customer', actor: work.actor, note: reason });
    // The request is signed by whoever asked for it before the permit team may approve it.
    const { contact } = work;
    await requestCancellationSignature(trx, services, work.actor, {
      permitId, companyId: access.companyId, signer: { name: contact.name ?? contact.email, email: contact.email }, createdBy: user.sub, now: work.now,
    });
    await recordAudit(
      trx,
      work.actor,
      {
        entity: 'permit',
        entityId: permitId,
        action: 'cancellation_requested',
        companyId: access.companyId,
        permitId,
        customerVisible: true,
        before: { cancellationRequested: false },
        after: { cancellationRequested: true, reason: details ? `${reason}: ${details}` : reason },
      },
      work.now,
    );
    return storeEntry(trx, work, entry, FORM_IDS.cancellation, { companyId: access.companyId, projectId: access.projectId, permitId, session: null });
  });
}

async function submitIntegration(work: Work): Promise<FormEntryResult> {
  const { services, user, choices, answers } = work;
  const db = services.db;
  const access = choices.permitId != null ? await requirePermitAccess(db, user.sub, choices.permitId, 'editor') : null;
  const companyId = access?.companyId ?? choices.companyId ?? null;
  // A record in a company's name without a permit: only those who may start its projects (as form 52).
  if (!access && companyId !== null) await requireRoleInCompany(services.db, user.sub, companyId, PROJECT_CREATOR_ROLES);
  const integrationId = text(answers.IntegrationID)!;
  const taken = await db.selectFrom('form_entries').select('id').where('integration_id', '=', integrationId).executeTakeFirst();
  if (taken) throw conflict(INTEGRATION_EXISTS_MESSAGE, 'INTEGRATION_EXISTS');
  const entry: DerivedEntry = { ProjectId: access?.projectId ?? null, PermitId: choices.permitId ?? null, CompanyID: companyId };
  return inTransaction(services.db, (trx) =>
    storeEntry(trx, work, entry, FORM_IDS.integration, {
      companyId,
      projectId: access?.projectId ?? null,
      permitId: choices.permitId ?? null,
      session: null,
      integrationId,
    }),
  );
}

const SUBMIT: Readonly<Record<FormId, (work: Work) => Promise<FormEntryResult>>> = {
  52: submitServiceRequest,
  31: submitProjectPermit,
  50: submitCancellation,
  32: submitIntegration,
};

export async function submitForm(
  services: AppServices,
  user: AuthUser,
  formId: FormId,
  submission: FormSubmission,
  submitter: { actor: AuditActor; contact: Contact },
): Promise<FormEntryResult> {
  const { formId: submittedFormId, answers: submittedAnswers, acknowledgeGate, ...choices } = submission;
  if (submittedFormId !== formId) throw badRequest('The form id does not match the address of the form.', 'FORM_MISMATCH', { formId: 'The form id does not match.' });
  const applicant = formId === FORM_IDS.serviceRequestPermit || formId === FORM_IDS.project ? applicantType(choices.companyId ?? null) : undefined;
  const answers = checkAnswers(formId, submittedAnswers, applicant);
  return SUBMIT[formId]({ services, user, ...submitter, choices, answers, acknowledgeGate, now: services.clock() });
}
