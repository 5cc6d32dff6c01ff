// The address step in the real modal, against the fake server: the search box's four messages,
// keyboard picking, the detail view, the similar-address warning, the map and the modal heights.
import { fireEvent, waitFor } from '@testing-library/dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lookupEndpoints } from '@permitdesk/core';
import { startFakePermitDesk, type FakePermitDesk } from '../test/fake-permitdesk.js';
import { GEOCODED, MUNICIPALITY } from '../test/fixtures.js';
import { renderWidget } from '../test/render-widget.js';

let server: FakePermitDesk;
let widget: Awaited<ReturnType<typeof renderWidget>>;
beforeAll(async () => {
  server = await startFakePermitDesk();
});
afterAll(() => server.close());
afterEach(() => widget?.cleanup());

describe('address step', () => {
  it('shows the title, 25 % progress, the 490 px height, the map at its default view and the served count', async () => {
    widget = await renderWidget(server.api.url);
    expect(widget.title()).toBe('Where is the work to be performed?');
    expect(widget.progress()).toBe('25');
    expect(widget.height()).toBe('490px');
    await widget.screen.findByText('To date, we have served up 19,655 requests for information that helps get permits faster.');
    const map = await waitFor(() => {
      const element = widget.root.querySelector('.pd-map[data-zoom]');
      if (!element) throw new Error('map not loaded');
      return element;
    });
    expect(map.getAttribute('data-zoom')).toBe('3');
    expect(map.getAttribute('data-center')).toBe('39.83,-98.59');
    expect(widget.root.querySelectorAll('.pd-map path').length).toBeGreaterThan(48);
  });

  it('gives the four messages of the search box, picks with the arrow keys and Enter, and clears', async () => {
    widget = await renderWidget(server.api.url);
    const input = widget.screen.getByRole('combobox', { name: 'Job site address' });
    expect(input.getAttribute('placeholder')).toBe('Search for an address...');
    expect(widget.screen.getByText('Type the address here.')).toBeTruthy();

    input.focus();
    fireEvent.focusIn(input);
    await widget.screen.findByText('Start typing an address.');

    fireEvent.input(input, { target: { value: 'zzz nowhere' } });
    await widget.screen.findByText('Searching...');
    await widget.screen.findByText("Uh oh! We couldn't find that address.");

    fireEvent.input(input, { target: { value: 'Ave' } });
    const options = await widget.screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['100 N Garfield Ave, Pasadena, CA 91101']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() => expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id));
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    await widget.screen.findByLabelText('Address 1');
    fireEvent.click(widget.screen.getByRole('button', { name: 'Change address' }));
    const again = await widget.screen.findByRole('combobox', { name: 'Job site address' });
    fireEvent.input(again, { target: { value: 'Main' } });
    await waitFor(() => expect((again as HTMLInputElement).value).toBe('Main'));

    fireEvent.click(widget.screen.getByRole('button', { name: 'Clear address' }));
    await waitFor(() => expect((again as HTMLInputElement).value).toBe(''));
  });

  it('geocodes the picked address into the detail view, moves the map to the marker and grows to 765 px', async () => {
    widget = await renderWidget(server.api.url);
    const input = widget.screen.getByRole('combobox', { name: 'Job site address' });
    fireEvent.focusIn(input);
    fireEvent.input(input, { target: { value: 'Garfield' } });
    await widget.screen.findAllByRole('option');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });

    const address1 = (await widget.screen.findByLabelText('Address 1')) as HTMLInputElement;
    expect(address1.value).toBe('100 N Garfield Ave');
    expect(address1.readOnly).toBe(true);
    expect((widget.screen.getByLabelText('City') as HTMLInputElement).value).toBe('Pasadena');
    expect((widget.screen.getByLabelText('State') as HTMLInputElement).value).toBe('CA');
    expect((widget.screen.getByLabelText('Zip') as HTMLInputElement).value).toBe('91101');
    const line2 = widget.screen.getByLabelText('Address 2 (optional)') as HTMLInputElement;
    expect(line2.placeholder).toBe('Apartment, Building, Floor, Buzzer #, etc.');
    expect(widget.height()).toBe('765px');
    await waitFor(() => expect(widget.root.querySelector('.pd-map')?.getAttribute('data-zoom')).toBe('12'));
    expect(widget.root.querySelector('[data-marker]')).toBeTruthy();
    expect(widget.screen.queryByText(/A request was already made/)).toBeNull();

    fireEvent.click(widget.screen.getByRole('button', { name: 'Change address' }));
    await widget.screen.findByRole('combobox', { name: 'Job site address' });
    expect(widget.height()).toBe('490px');
  });

  it('warns of a previous request at the same address with a new-tab link to the radar search (810 px)', async () => {
    server.addressCounts.set('address.4821', 2);
    widget = await renderWidget(server.api.url);
    const input = widget.screen.getByRole('combobox', { name: 'Job site address' });
    fireEvent.focusIn(input);
    fireEvent.input(input, { target: { value: 'Garfield' } });
    fireEvent.click(await widget.screen.findByRole('option'));
    const link = (await widget.screen.findByRole('link', { name: /project radar/ })) as HTMLAnchorElement;
    expect(link.href).toBe(`${server.api.url}/project-radar/search?keyword=100+N+Garfield+Ave%2C+Pasadena%2C+CA+91101`);
    expect(link.target).toBe('_blank');
    expect(widget.height()).toBe('810px');
    server.addressCounts.clear();
  });

  it("shows 'Failed to Lookup Address' when the address cannot be geocoded", async () => {
    server.api.on(lookupEndpoints.geocodeAddress, () => ({ status: 500, body: { message: 'boom', code: 'X' } }));
    widget = await renderWidget(server.api.url);
    const input = widget.screen.getByRole('combobox', { name: 'Job site address' });
    fireEvent.focusIn(input);
    fireEvent.input(input, { target: { value: 'Garfield' } });
    fireEvent.click(await widget.screen.findByRole('option'));
    await widget.screen.findByText('Failed to Lookup Address');
    expect(
      widget.screen.getByText(
        /Unfortunately we were unable to lookup the address you requested. If this error persists, please reach out to support. Thank you./,
      ),
    ).toBeTruthy();
    server.api.on(lookupEndpoints.geocodeAddress, () => GEOCODED);
  });

  it("says 'street not verified' and asks which municipality issues the permits when the data cannot tell", async () => {
    const county = { ...MUNICIPALITY, id: 3, name: 'Los Angeles County', slug: 'ca/los-angeles-county/unincorporated/los-angeles', kind: 'county' as const };
    const slugs: string[] = [];
    server.api.on(lookupEndpoints.geocodeAddress, () => ({ ...GEOCODED, verified: false }));
    server.api.on(lookupEndpoints.municipalityByLocation, () => ({
      ...MUNICIPALITY,
      alternatives: [{ id: county.id, name: county.name, slug: county.slug, kind: 'county', reason: 'unincorporated-nearby' }],
    }));
    server.api.on(lookupEndpoints.municipalityBySlug, ({ query }) => {
      slugs.push(query.get('slug')!);
      return query.get('slug') === county.slug ? county : MUNICIPALITY;
    });
    try {
      widget = await renderWidget(server.api.url);
      const input = widget.screen.getByRole('combobox', { name: 'Job site address' });
      fireEvent.focusIn(input);
      fireEvent.input(input, { target: { value: 'Garfield' } });
      fireEvent.click(await widget.screen.findByRole('option'));
      await widget.screen.findByText('Street not verified: ZIP or city location.');
      await widget.screen.findByRole('group', { name: 'Near city limits: who issues permits?' });
      // The note belongs to the street line, for screen readers too.
      expect(widget.screen.getByLabelText('Address 1').getAttribute('aria-describedby')).toBeTruthy();
      const city = widget.screen.getByRole('radio', { name: 'City of Pasadena' }) as HTMLInputElement;
      const unincorporated = widget.screen.getByRole('radio', { name: 'Los Angeles County (unincorporated)' }) as HTMLInputElement;
      expect([city.checked, unincorporated.checked]).toEqual([true, false]);
      // The county is taken from the server by its slug; the city stays offered, to change one's mind.
      fireEvent.click(unincorporated);
      await waitFor(() => expect(slugs).toEqual([county.slug]));
      await waitFor(() => expect((widget.screen.getByRole('radio', { name: 'Los Angeles County (unincorporated)' }) as HTMLInputElement).checked).toBe(true));
      expect((widget.screen.getByRole('radio', { name: 'City of Pasadena' }) as HTMLInputElement).checked).toBe(false);
      fireEvent.click(widget.screen.getByRole('radio', { name: 'City of Pasadena' }));
      await waitFor(() => expect(slugs).toEqual([county.slug, MUNICIPALITY.slug]));
      await waitFor(() => expect((widget.screen.getByRole('radio', { name: 'City of Pasadena' }) as HTMLInputElement).checked).toBe(true));
    } finally {
      server.api.on(lookupEndpoints.geocodeAddress, () => GEOCODED);
      server.api.on(lookupEndpoints.municipalityByLocation, () => MUNICIPALITY);
    }
  });

  it('asks which county when the address stands for a ZIP code that reaches into several (one round trip)', async () => {
    const county = (id: number, name: string) => ({ id, name, slug: `ga/${name.toLowerCase().replace(' ', '-')}/unincorporated`, kind: 'county' as const, reason: 'zip-county' as const });
    const duluth = { ...MUNICIPALITY, id: 7, name: 'City of Duluth', slug: 'ga/gwinnett-county/duluth/city-of-duluth' };
    const [forsyth, fulton] = [county(8, 'Forsyth County'), county(9, 'Fulton County')];
    server.api.on(lookupEndpoints.geocodeAddress, () => ({ ...GEOCODED, verified: false, municipality: { ...duluth, alternatives: [forsyth, fulton] } }));
    // What GET /search/municipality-slug answers: the municipality, no reason.
    const bySlug = new Map([duluth, { ...MUNICIPALITY, ...forsyth, reason: undefined }, { ...MUNICIPALITY, ...fulton, reason: undefined }].map((m) => [m.slug, m]));
    server.api.on(lookupEndpoints.municipalityBySlug, ({ query }) => bySlug.get(query.get('slug')!)!);
    try {
      widget = await renderWidget(server.api.url);
      const input = widget.screen.getByRole('combobox', { name: 'Job site address' });
      fireEvent.focusIn(input);
      fireEvent.input(input, { target: { value: 'Garfield' } });
      fireEvent.click(await widget.screen.findByRole('option'));
      await widget.screen.findByRole('group', { name: 'This ZIP code reaches into several counties: who issues permits?' });
      expect(widget.screen.queryByText(/Near city limits/)).toBeNull();
      /** The choices in their order, and which is taken. */
      const offered = () => (widget.screen.getAllByRole('radio') as HTMLInputElement[]).map((radio) => `${radio.labels![0]!.textContent!.trim()}${radio.checked ? ' *' : ''}`);
      expect(offered()).toEqual(['City of Duluth *', 'Forsyth County (unincorporated)', 'Fulton County (unincorporated)']);
      // Taking a county keeps the question and why; the city is offered back (without a reason of its own).
      fireEvent.click(widget.screen.getByRole('radio', { name: 'Forsyth County (unincorporated)' }));
      await waitFor(() => expect(offered()).toEqual(['Forsyth County (unincorporated) *', 'City of Duluth', 'Fulton County (unincorporated)']));
      fireEvent.click(widget.screen.getByRole('radio', { name: 'Fulton County (unincorporated)' }));
      await waitFor(() => expect(offered()).toEqual(['Fulton County (unincorporated) *', 'Forsyth County (unincorporated)', 'City of Duluth']));
      expect(widget.screen.getByRole('group', { name: 'This ZIP code reaches into several counties: who issues permits?' })).toBeTruthy();
    } finally {
      server.api.on(lookupEndpoints.geocodeAddress, () => GEOCODED);
      server.api.on(lookupEndpoints.municipalityBySlug, () => MUNICIPALITY);
    }
  });

  it('asks nothing and says nothing of the street when the answer is sure and verified', async () => {
    server.api.on(lookupEndpoints.geocodeAddress, () => ({ ...GEOCODED, verified: true }));
    try {
      widget = await renderWidget(server.api.url);
      const input = widget.screen.getByRole('combobox', { name: 'Job site address' });
      fireEvent.focusIn(input);
      fireEvent.input(input, { target: { value: 'Garfield' } });
      fireEvent.click(await widget.screen.findByRole('option'));
      await widget.screen.findByLabelText('Address 1');
      expect(widget.screen.queryByText(/Street not verified/)).toBeNull();
      expect(widget.screen.queryByRole('radio')).toBeNull();
    } finally {
      server.api.on(lookupEndpoints.geocodeAddress, () => GEOCODED);
    }
  });
});
