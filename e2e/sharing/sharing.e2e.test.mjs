// End to end in Debian's Chromium (playwright-core) against the real server (node scripts/e2e.mjs sharing),
// issue 13 part 1, across two companies made through the API: A shares its compliance wallet with B; B
// accepts, A approves; B's owner opens A's license file from 'Shared with us'; A sees the download in the
// item's history on 'Shared by us'; A revokes; B's next download answers 403 with the server's message on
// the page, and the page no longer offers it. Then a vendor onboarding approved: A opens its vendor's COI.
// Every page is photographed (artifacts/screenshots/sharing/), checked with axe-core (no serious or
// critical violation) and for console errors.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiCaller } from '../support/api-call.mjs';
import { personOf, registrar } from '../support/accounts.mjs';
import { pageLooker } from '../support/page-checks.mjs';
import { signInToDashboard } from '../support/sign-in.mjs';
import { launchChromium } from '../support/browser.mjs';

const base = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const here = dirname(fileURLToPath(import.meta.url));
const shots = join(here, '..', '..', 'artifacts', 'screenshots', 'sharing');
const tag = Date.now().toString(36);
const person = personOf(tag);
const alma = person('alma', 'Alma Alpha', 'Alpha Roofing');
const bea = person('bea', 'Bea Beta', 'Beta Builders');
const vic = person('vic', 'Vic Vento', 'Vento Electric');
const REFUSED = 'This company no longer shares this file with you.';

let browser;
const errors = [];
const call = apiCaller(base);
const look = pageLooker({ shots, errors });


const register = registrar(base);

/** A vault item of `who`'s company with a stored file: its id. */
const itemWithFile = async (who, plural, body, documentableType, fileName) => {
  const idKey = { licenses: 'licenseId', insurances: 'insuranceId' }[plural];
  const id = (await call('POST', `/v4/companies/${who.companyId}/${plural}`, who.token, body))[idKey];
  const bytes = new TextEncoder().encode(`%PDF-1.4 ${fileName}`);
  const upload = await call('POST', `/v4/companies/${who.companyId}/documents`, who.token, { fileName, contentType: 'application/pdf', size: bytes.byteLength, documentableType, documentableId: id });
  assert.ok((await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: bytes })).ok);
  return id;
};

const signedIn = async (who) => {
  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  await signInToDashboard(page, base, who);
  await page.getByText(`Welcome ${who.email}!`).waitFor();
  return page;
};

/** Clicks a file's download button and answers the status of the presigned call it made. */
const download = async (page, fileName) => {
  const answer = page.waitForResponse((res) => res.url().includes('/v4/s3/presigned'));
  await page.getByRole('button', { name: `Download ${fileName}` }).click();
  return (await answer).status();
};

before(async () => {
  await mkdir(shots, { recursive: true });
  browser = await launchChromium();
  for (const who of [alma, bea, vic]) await register(who);
  await itemWithFile(alma, 'licenses', { licenseType: 'state', name: 'Roofing Contractor', number: `RC-${tag}`, stateCode: 'TX' }, 'License', 'roofing-license.pdf');
});
after(() => browser?.close());

describe('shared compliance wallets, both ways', () => {
  let almaPage;
  let beaPage;

  it('A shares its wallet; B accepts, A approves; B opens the license file from Shared with us', async () => {
    const { invitationId } = await call('POST', '/v4/invitations/share-wallet', alma.token, { companyId: alma.companyId, email: bea.email });
    await call('PUT', `/v4/invitations/accept/${invitationId}/share-wallet`, bea.token, { companyId: bea.companyId });
    beaPage = await signedIn(bea);
    let mark = errors.length;
    await beaPage.goto(`${base}/shared-with-us?company=${bea.companyId}`, { waitUntil: 'networkidle' });
    const card = beaPage.getByRole('article', { name: `Wallet share from ${alma.company}` });
    await card.getByText('Awaiting Approval').waitFor();
    await card.getByText('Nothing is shared while the share is not approved.').waitFor();
    await look(beaPage, '01-b-share-awaiting-approval', mark);

    await call('PUT', `/v4/invitations/approve/${invitationId}/share-wallet`, alma.token);
    mark = errors.length;
    await beaPage.reload({ waitUntil: 'networkidle' });
    await card.getByText('Approved', { exact: true }).waitFor();
    await card.getByText('Roofing Contractor').waitFor();
    await card.getByText('Valid', { exact: true }).waitFor();
    assert.equal(await download(beaPage, 'roofing-license.pdf'), 200);
    await look(beaPage, '02-b-opens-the-shared-license', mark);
  });

  it('A sees the download in the item\'s history on Shared by us', async () => {
    almaPage = await signedIn(alma);
    const mark = errors.length;
    await almaPage.goto(`${base}/shared-by-us?company=${alma.companyId}`, { waitUntil: 'networkidle' });
    const card = almaPage.getByRole('article', { name: `Wallet share with ${bea.company}` });
    await card.getByRole('button', { name: 'History of Roofing Contractor' }).click();
    const history = almaPage.getByRole('region', { name: 'History of Roofing Contractor' });
    await history.getByText(`${bea.name} (${bea.email})`).waitFor();
    await history.getByText(bea.company).waitFor();
    await history.getByText('roofing-license.pdf (version 1)').waitFor();
    await look(almaPage, '03-a-sees-the-download', mark);
  });

  it('A revokes; B\'s download answers 403 with the server\'s message, and the page no longer offers it', async () => {
    let mark = errors.length;
    const card = almaPage.getByRole('article', { name: `Wallet share with ${bea.company}` });
    await card.getByRole('button', { name: `Revoke: ${bea.company}` }).click();
    await almaPage.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await card.getByText('Revoked', { exact: true }).waitFor();
    await look(almaPage, '04-a-revoked', mark);

    // B's page still shows the file from before: the download is refused, and said so.
    assert.equal(await download(beaPage, 'roofing-license.pdf'), 403);
    const bCard = beaPage.getByRole('article', { name: `Wallet share from ${alma.company}` });
    await bCard.getByRole('alert').getByText(REFUSED).waitFor();
    await bCard.getByText('Revoked', { exact: true }).waitFor();
    assert.equal(await beaPage.getByRole('button', { name: 'Download roofing-license.pdf' }).count(), 0);
    mark = errors.length; // the browser logs the refused call itself
    await look(beaPage, '05-b-download-refused', mark);
    await beaPage.reload({ waitUntil: 'networkidle' });
    await bCard.getByText('Revoked', { exact: true }).waitFor();
    assert.equal(await beaPage.getByRole('button', { name: 'Download roofing-license.pdf' }).count(), 0);
  });

  it('an approved vendor onboarding: A opens its vendor\'s COI from Shared with us', async () => {
    const { invitationId } = await call('POST', '/v4/invitations/vendor-onboarding', alma.token, { companyId: alma.companyId, email: vic.email });
    await itemWithFile(vic, 'insurances', { name: 'General Liability', number: `GL-${tag}` }, 'Insurance', 'vento-coi.pdf');
    for (const step of [
      { step: 'company', companyId: vic.companyId },
      { step: 'contact', contactName: vic.name, phoneNumber: '(555) 234-5678' },
      { step: 'compliance', licenses: true, insurances: true, certificates: true },
    ]) await call('PUT', `/v4/invitations/step/${invitationId}/vendor-onboarding`, vic.token, step);
    await call('PUT', `/v4/invitations/submit/${invitationId}/vendor-onboarding`, vic.token);
    await call('PUT', `/v4/invitations/approve/${invitationId}/vendor-onboarding`, alma.token);

    const mark = errors.length;
    await almaPage.goto(`${base}/shared-with-us?company=${alma.companyId}`, { waitUntil: 'networkidle' });
    const card = almaPage.getByRole('article', { name: `Vendor from ${vic.company}` });
    await card.getByText('General Liability').waitFor();
    await card.getByText('Valid', { exact: true }).waitFor();
    assert.equal(await download(almaPage, 'vento-coi.pdf'), 200);
    await card.getByRole('button', { name: `End vendor relation: ${vic.company}` }).waitFor();
    await look(almaPage, '06-a-opens-the-vendor-coi', mark);
    // The vendor sees A's download of its COI.
    const history = await call('GET', `/v4/companies/${vic.companyId}/compliance/insurance/${(await call('GET', `/v4/companies/${vic.companyId}/insurances`, vic.token))[0].insuranceId}/history`, vic.token);
    assert.deepEqual(history.downloads.map((d) => [d.user.email, d.company.id]), [[alma.email, alma.companyId]]);
  });
});
