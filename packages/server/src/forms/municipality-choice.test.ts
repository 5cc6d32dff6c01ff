// When the data cannot tell which municipality governs a job site, the visitor chooses among the candidates
// GET /search/ offered (issue 15): the choice is kept with the request and shown to the permit team. Any
// other municipality is still refused: a request never picks its own municipality.
import { formChoices, type LocatedMunicipality, type Permit } from '@permitdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext, type TestUser } from '../test/harness.js';
import { entryData, FORM_52_ANSWERS, jobSite, operator, type JobSite } from '../test/permit-fixtures.js';

describe.each(databaseTargets())('the municipality chosen by the visitor on %s', (target) => {
  let t: TestContext;
  let diy: TestUser;
  /** The Las Vegas Strip as typed without its ZIP: City of Las Vegas or Clark County? */
  let strip: JobSite;
  let stripAnswer: LocatedMunicipality;
  let manhattan: JobSite;

  beforeAll(async () => {
    t = await createTestContext({ target });
    diy = await t.createUser({ name: 'Vera Visitor' });
    strip = await jobSite(t, '3570 S Las Vegas Blvd, Las Vegas, NV');
    manhattan = await jobSite(t);
    const geocoded = (await t.request('GET', `/v4/lookup/addresses/${encodeURIComponent(strip.addressId)}`)).body;
    stripAnswer = (await t.request('GET', '/search/', { query: { lat: geocoded.latitude, lon: geocoded.longitude, city: geocoded.city, state: geocoded.state, zip: geocoded.zip } })).body;
  });
  afterAll(() => t?.close());

  const submit = async (site: JobSite, municipalityId: number) => {
    const entry = await t.request('GET', '/v4/forms/52/entry-data', { token: diy.accessToken, query: { taskId: site.taskId, municipalityId, addressId: site.addressId } });
    const res = await t.request('POST', '/v4/forms/52/entries', { token: diy.accessToken, body: { formId: 52, taskId: site.taskId, addressId: site.addressId, municipalityId, answers: FORM_52_ANSWERS } });
    return { entry, res };
  };

  it('is asked on the Strip: City of Las Vegas or Clark County (unincorporated)', () => {
    expect(stripAnswer.alternatives?.map((a) => [a.name, a.reason])).toEqual([['Clark County', 'unincorporated-nearby']]);
  });

  it('refuses a municipality that was not offered for the address (attack: any id, another offer, a neighbour)', async () => {
    const henderson = await t.services.db.selectFrom('municipalities').select('id').where('slug', 'like', 'nv/%henderson%').where('kind', '=', 'city').executeTakeFirstOrThrow();
    const clark = stripAnswer.alternatives![0]!.id;
    // A city next door, and the county offered for the Strip but sent for Manhattan: both refused, nothing stored.
    for (const [site, id] of [[strip, henderson.id], [manhattan, clark], [strip, 99_999_999]] as const) {
      const { entry, res } = await submit(site, id);
      expect(entry.body.code, `prefill ${id}`).toBe('MUNICIPALITY_MISMATCH');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('MUNICIPALITY_MISMATCH');
    }
    const projects = await t.services.db.selectFrom('projects').select('id').where('owner_user_id', '=', diy.sub).execute();
    expect(projects).toHaveLength(0);
  });

  it('takes the offered county, keeps why and what was offered, and shows it to the permit team', async () => {
    const clark = stripAnswer.alternatives![0]!;
    const { entry, res } = await submit(strip, clark.id);
    expect(entry.status, entry.text).toBe(200);
    expect(entry.body).toMatchObject({ MunicipalityID: clark.id, MunicipalityName: 'Clark County' });
    expect(formChoices(entry.body).municipalityId).toBe(clark.id);
    expect(res.status, res.text).toBe(200);
    const choice = { reason: 'unincorporated-nearby', offered: [{ id: stripAnswer.id, name: 'City of Las Vegas' }, { id: clark.id, name: 'Clark County' }] };
    const own = (await t.request<Permit>('GET', `/v3/permits/${res.body.permitId}`, { token: diy.accessToken })).body;
    expect(own).toMatchObject({ municipalityId: clark.id, municipalityChoice: choice });
    const team = await operator(t);
    const seen = (await t.request<Permit>('GET', `/v3/permits/${res.body.permitId}`, { token: team.accessToken })).body;
    expect(seen.municipalityChoice).toEqual(choice);
  });

  it('takes another county of a ZIP that spans several, and keeps why: the ZIP reaches into them', async () => {
    const duluth = await jobSite(t, '3500 Peachtree Industrial Blvd, Duluth, GA 30097');
    const answer = (await t.request('GET', `/v4/lookup/addresses/${encodeURIComponent(duluth.addressId)}`)).body.municipality as LocatedMunicipality;
    const forsyth = answer.alternatives!.find((a) => a.name === 'Forsyth County')!;
    expect(forsyth.reason).toBe('zip-county');
    const { res } = await submit(duluth, forsyth.id);
    expect(res.status, res.text).toBe(200);
    const permit = (await t.request<Permit>('GET', `/v3/permits/${res.body.permitId}`, { token: diy.accessToken })).body;
    expect(permit.municipalityId).toBe(forsyth.id);
    expect(permit.municipalityChoice).toEqual({
      reason: 'zip-county',
      offered: [{ id: answer.id, name: 'City of Duluth' }, ...answer.alternatives!.map(({ id, name }) => ({ id, name }))],
    });
  });

  it('keeps the choice when the visitor takes the first answer, and none where nobody was asked', async () => {
    const city = await submit(strip, stripAnswer.id);
    expect(city.res.status, city.res.text).toBe(200);
    const kept = (await t.request<Permit>('GET', `/v3/permits/${city.res.body.permitId}`, { token: diy.accessToken })).body;
    expect(kept.municipalityChoice?.offered.map((m) => m.name)).toEqual(['City of Las Vegas', 'Clark County']);
    const plain = await submit(manhattan, manhattan.municipalityId);
    expect(plain.res.status, plain.res.text).toBe(200);
    const none = (await t.request<Permit>('GET', `/v3/permits/${plain.res.body.permitId}`, { token: diy.accessToken })).body;
    expect(none.municipalityName).toBe('City of New York');
    expect(none).not.toHaveProperty('municipalityChoice');
  });
});
