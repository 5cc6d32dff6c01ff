// End to end in Debian's Chromium (playwright-core) against the real server (node scripts/e2e.mjs guest),
// issue 13: company A invites company B as its guest to one project from the Access page; B's owner
// accepts from the mailed link; B sees that project (permit, documents, conversation) read-only, with no
// write controls, and nothing else (A's other project answers 'Project not found'); A ends the grant and
// B sees nothing. Then A removes a company's assignment from the permit page and that company loses the
// project. Every page is photographed (artifacts/screenshots/guest/), checked with axe-core (no serious
// or critical violation) and for console errors.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { closeTour as skipTour, pageLooker } from '../support/page-checks.mjs';
import { apiCaller } from '../support/api-call.mjs';
import { mailboxOf, personOf, registrar } from '../support/accounts.mjs';
import { signInToDashboard } from '../support/sign-in.mjs';
import { launchChromium } from '../support/browser.mjs';

const base = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const here = dirname(fileURLToPath(import.meta.url));
const shots = join(here, '..', '..', 'artifacts', 'screenshots', 'guest');
const tag = Date.now().toString(36);
const person = personOf(tag);
const hostOwner = person('hana', 'Hana Host', 'Harbor Builders');
const guestOwner = person('gil', 'Gil Guest', 'Gull Electric');
const crewOwner = person('cory', 'Cory Crew', 'Crew Carpentry');

let browser;
const errors = [];

const call = apiCaller(base);

const mailFor = mailboxOf(base);

const register = registrar(base);

/** A permit of the host's company through form 52, as the widget sends it; answers { projectId, permitId }. */
const permitFor = async (who, site, customerName) => {
  const q = new URLSearchParams({ taskId: site.taskId, addressId: site.addressId, companyId: who.companyId });
  const entry = await call('GET', `/v4/forms/52/entry-data?${q}`, who.token);
  const answers = { CustomerName: customerName, ContactEmail: 'client@example.com', ContactPhoneNumber: '(212) 555-0142', DescriptionOfWork: 'New deck', JobValue: '$12,000.00', ProjectIdentifier: `PO-${tag}` };
  return call('POST', '/v4/forms/52/entries', who.token, { formId: 52, taskId: entry.TaskID, addressId: entry.AddressID, companyId: entry.CompanyID, municipalityId: entry.MunicipalityID, answers, acknowledgeGate: true });
};

const openPage = async () => {
  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 860 });
  page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return page;
};
const signedIn = async (who) => {
  const page = await openPage();
  await signInToDashboard(page, base, who);
  await page.getByText(`Welcome ${who.email}!`).waitFor();
  return page;
};

const look = pageLooker({ shots, errors });

let shared;
let hidden;

before(async () => {
  await mkdir(shots, { recursive: true });
  browser = await launchChromium();
  for (const who of [hostOwner, guestOwner, crewOwner]) await register(who);
  const [address] = await call('GET', `/v4/lookup/addresses?${new URLSearchParams({ q: '350 5th Ave, New York, NY 10118', limit: '1' })}`);
  const [task] = await call('GET', '/tasks');
  const site = { addressId: address.id, taskId: task.id };
  shared = await permitFor(hostOwner, site, 'Shared Sandra');
  hidden = await permitFor(hostOwner, site, 'Hidden Hector');
  // The shared permit has a document and a message, so the guest has something to read.
  await call('POST', `/v3/permits/${shared.permitId}/conversations`, hostOwner.token, { body: 'The framing inspection is booked for Monday.' });
  const bytes = new TextEncoder().encode('%PDF-1.4 deck plan');
  const upload = await call('POST', `/v4/permits/${shared.permitId}/upload-document`, hostOwner.token, { fileName: 'deck-plan.pdf', contentType: 'application/pdf', size: bytes.byteLength });
  assert.ok((await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: bytes })).ok);
});
after(() => browser?.close());

describe('guest access and assignments', () => {
  let hostPage;
  let guestPage;

  it('A invites B as a guest to one project; B accepts from the mail', async () => {
    hostPage = await signedIn(hostOwner);
    let mark = errors.length;
    await hostPage.goto(`${base}/access?company=${hostOwner.companyId}`, { waitUntil: 'networkidle' });
    const form = hostPage.getByRole('form', { name: 'Invite a guest company' });
    await form.getByLabel('Email Address').fill(guestOwner.email);
    // The picker asks the server for the company's projects matching what is typed (issue 18).
    const picker = form.getByRole('combobox', { name: 'Projects to share' });
    await picker.click();
    await picker.pressSequentially('Shared', { delay: 30 });
    await form.getByRole('option', { name: /Shared Sandra/ }).click();
    const chosen = form.getByRole('list', { name: 'Projects chosen' });
    await chosen.getByText(/Shared Sandra/).waitFor();
    assert.equal(await chosen.getByText(/Hidden Hector/).count(), 0);
    await look(hostPage, '01-host-invites-a-guest', mark);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await hostPage.getByText(`Your guest invitation has been sent to ${guestOwner.email}.`).waitFor();

    const mail = await mailFor(guestOwner.email, (m) => m.links.some((l) => l.includes('/guest-access/')));
    assert.equal(mail.subject, `${hostOwner.company} invited your company as a guest`);
    guestPage = await signedIn(guestOwner);
    mark = errors.length;
    await guestPage.goto(mail.links.find((l) => l.includes('/guest-access/')), { waitUntil: 'networkidle' });
    await guestPage.getByText(`${hostOwner.company} invites your company as a guest`, { exact: false }).waitFor();
    await look(guestPage, '02-guest-reviews-the-invitation', mark);
    await guestPage.getByRole('button', { name: 'Approve' }).click();
    await guestPage.getByText('Approved', { exact: true }).first().waitFor();
    await look(guestPage, '03-guest-accepted', mark);
  });

  it('B sees the shared project read-only, and nothing else of A', async () => {
    let mark = errors.length;
    await guestPage.goto(`${base}/access?company=${guestOwner.companyId}`, { waitUntil: 'networkidle' });
    const sharedWithUs = guestPage.getByRole('region', { name: 'Shared with us as a guest' });
    await sharedWithUs.getByText(hostOwner.company).waitFor();
    await look(guestPage, '04-guest-shared-with-us', mark);
    await sharedWithUs.getByRole('link', { name: /Project: Shared Sandra/ }).click();
    await guestPage.waitForURL(new RegExp(`/projects/${shared.projectId}/${shared.permitId}$`));
    await skipTour(guestPage);
    await guestPage.getByText('Shared with your company as a guest', { exact: false }).waitFor();
    await guestPage.getByText('The framing inspection is booked for Monday.').waitFor();
    await guestPage.getByRole('button', { name: 'deck-plan.pdf' }).waitFor();
    for (const control of ['Send Reply', 'Rename', 'Add Assignment']) assert.equal(await guestPage.getByRole('button', { name: control }).count(), 0, control);
    assert.equal(await guestPage.getByLabel('Upload a document').count(), 0);
    await look(guestPage, '05-guest-reads-the-shared-permit', mark);

    mark = errors.length;
    await guestPage.goto(`${base}/projects/${hidden.projectId}`, { waitUntil: 'networkidle' });
    await guestPage.getByText('Project not found').waitFor();
    await look(guestPage, '06-guest-other-project-not-found', mark, { missing: true });
    // The host stays out of the guest's switcher (SPEC §6).
    const companies = await call('GET', '/v4/companies', (await call('POST', '/auth/authenticate', undefined, { email: guestOwner.email, password: guestOwner.password })).tokens.accessToken);
    assert.deepEqual(companies.map((c) => c.id), [guestOwner.companyId]);
  });

  it('A ends the grant: B sees nothing any more', async () => {
    const mark = errors.length;
    await hostPage.goto(`${base}/access?company=${hostOwner.companyId}`, { waitUntil: 'networkidle' });
    const guests = hostPage.getByRole('region', { name: 'Our guests' });
    await guests.getByText(guestOwner.company).waitFor();
    await guests.getByRole('button', { name: 'End access' }).click();
    await hostPage.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await guests.getByText('Ended').waitFor();
    await look(hostPage, '07-host-ended-the-grant', mark);

    await guestPage.goto(`${base}/projects/${shared.projectId}/${shared.permitId}`, { waitUntil: 'networkidle' });
    await guestPage.getByText('Project not found').waitFor();
    await guestPage.goto(`${base}/access?company=${guestOwner.companyId}`, { waitUntil: 'networkidle' });
    await guestPage.getByText('No company shares anything with this company as a guest.').waitFor();
    await look(guestPage, '08-guest-sees-nothing', mark, { missing: true });
  });

  it('a guest granted the vault reads A\'s licenses read-only, through the link on its Access page', async () => {
    await call('POST', `/v4/companies/${hostOwner.companyId}/licenses`, hostOwner.token, { licenseType: 'state', name: 'General Contractor', number: `GC-${tag}`, stateCode: 'NY' });
    const sent = await call('POST', '/v4/invitations/guest-access', hostOwner.token, { companyId: hostOwner.companyId, email: guestOwner.email, scope: { vault: true, projectIds: [] } });
    await call('PUT', `/v4/invitations/guest-access/${sent.invitationId}/approve`, guestOwner.token, { companyId: guestOwner.companyId });
    const mark = errors.length;
    await guestPage.goto(`${base}/access?company=${guestOwner.companyId}`, { waitUntil: 'networkidle' });
    await guestPage.getByRole('region', { name: 'Shared with us as a guest' }).getByRole('link', { name: 'Compliance vault' }).click();
    await guestPage.waitForURL(new RegExp(`/licenses\\?company=${hostOwner.companyId}$`));
    await guestPage.getByText(`GC-${tag}`).waitFor();
    await guestPage.getByText('Shared with your company as a guest: read-only.').waitFor();
    for (const control of ['Add License', 'Edit', 'Archive']) assert.equal(await guestPage.getByRole('button', { name: control }).count(), 0, control);
    await look(guestPage, '12-guest-reads-the-vault', mark);
  });

  it('A removes a company\'s assignment: it loses the project at once and is told by mail', async () => {
    await call('POST', `/v4/projects/${shared.projectId}/assignments`, hostOwner.token, { projectId: shared.projectId, postData: { accessLevel: 'contributor', assigneeType: 'Company', assigneeId: String(crewOwner.companyId) } });
    const crewPage = await signedIn(crewOwner);
    await crewPage.goto(`${base}/projects/${shared.projectId}/${shared.permitId}`, { waitUntil: 'networkidle' });
    await skipTour(crewPage);
    await crewPage.getByText('The framing inspection is booked for Monday.').waitFor();

    const mark = errors.length;
    await hostPage.goto(`${base}/projects/${shared.projectId}/${shared.permitId}`, { waitUntil: 'networkidle' });
    await skipTour(hostPage);
    const panel = hostPage.getByRole('region', { name: 'Assignments' });
    assert.equal(await panel.getByRole('button', { name: `Remove ${hostOwner.company}` }).count(), 0, 'the main owner has no Remove button');
    await panel.getByRole('button', { name: `Remove ${crewOwner.company}` }).click();
    await hostPage.getByRole('dialog').getByText(`${crewOwner.company} will lose access to this project at once`, { exact: false }).waitFor();
    await look(hostPage, '09-host-confirms-removal', mark);
    await hostPage.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await hostPage.getByText(`${crewOwner.company} was removed from the project.`).waitFor();
    await panel.getByLabel(`Access level of ${crewOwner.company}`).waitFor({ state: 'detached' });
    await look(hostPage, '10-host-removed-the-assignment', mark);

    await crewPage.reload({ waitUntil: 'networkidle' });
    await crewPage.getByText('Project not found').waitFor();
    await look(crewPage, '11-removed-company-loses-the-project', mark, { missing: true });
    const mail = await mailFor(crewOwner.email, (m) => m.subject.startsWith('You were removed from the project'));
    assert.match(mail.text, /Crew Carpentry .* no longer has access to the project/);
  });
});
