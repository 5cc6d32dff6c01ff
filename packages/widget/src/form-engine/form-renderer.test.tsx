// The form engine on form 52's definition: prefill from the entry, read-only fields, the messages of
// core's answer checks, and the answers normalised for the server.
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import { FORM_52 } from '../test/fixtures.js';
import { FormRenderer } from './form-renderer.js';
import type { Answers } from './answers.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

it('prefills, checks and submits form 52', async () => {
  const element = document.createElement('div');
  document.body.append(element);
  const submitted: Answers[] = [];
  createRoot(element).render(
    <FormRenderer
      definition={FORM_52}
      entry={{
        JobSiteAddress: { Line1: '100 N Garfield Ave', Line2: 'Unit 4', City: 'Pasadena', State: 'CA', PostalCode: '91101', Country: 'US' },
        CustomerName: 'Pat Builder',
        ContactPhoneNumber: '+16265550100',
      }}
      onSubmit={(answers) => submitted.push(answers)}
    />,
  );
  const form = within(element);
  const address = (await form.findByLabelText('Job Site Address')) as HTMLInputElement;
  expect(address.value).toBe('100 N Garfield Ave, Unit 4, Pasadena, CA 91101');
  expect(address.readOnly).toBe(true);
  expect((form.getByLabelText('Customer Name') as HTMLInputElement).value).toBe('Pat Builder');
  expect(form.getByLabelText('State License Number (optional)')).toBeTruthy();

  const phone = form.getByLabelText('Contact Phone Number');
  fireEvent.input(phone, { target: { value: '155' } });
  fireEvent.input(form.getByLabelText('Job Value'), { target: { value: 'a lot' } });
  await settle();
  fireEvent.click(form.getByRole('button', { name: 'Request Permit' }));
  await form.findByText('Description of Work is required.');
  expect(form.getByText('Job Value must be an amount in dollars.')).toBeTruthy();
  expect(form.getByText('Invalid format, valid formats are (XXX) XXX-XXXX or +1 (XXX) XXX-XXXX')).toBeTruthy();
  expect(submitted).toEqual([]);

  fireEvent.input(phone, { target: { value: '6265550100 x12' } });
  await settle();
  expect((phone as HTMLInputElement).value).toBe('+1 (626) 555-0100 x12');
  fireEvent.input(form.getByLabelText('Job Value'), { target: { value: '$12,400.50' } });
  fireEvent.input(form.getByLabelText('Description of Work'), { target: { value: '  Replace the panel.  ' } });
  await settle();
  fireEvent.click(form.getByRole('button', { name: 'Request Permit' }));
  await waitFor(() => expect(submitted).toHaveLength(1));
  expect(submitted[0]).toMatchObject({
    CustomerName: 'Pat Builder',
    ContactPhoneNumber: '+1626555010012',
    DescriptionOfWork: 'Replace the panel.',
    JobValue: 12400.5,
    StateLicenseNumber: null,
  });
});

it('asks a homeowner only what applies, and on a held-back submit focuses the first invalid field and announces the count', async () => {
  const element = document.createElement('div');
  document.body.append(element);
  createRoot(element).render(
    <FormRenderer
      definition={FORM_52}
      entry={{
        JobSiteAddress: { Line1: '100 N Garfield Ave', Line2: '', City: 'Pasadena', State: 'CA', PostalCode: '91101', Country: 'US' },
        ApplicantType: 'Individual',
      }}
      onSubmit={() => undefined}
    />,
  );
  const form = within(element);
  await form.findByLabelText('Customer Name');
  expect(form.queryByLabelText('State License Number (optional)')).toBeNull();
  fireEvent.input(form.getByLabelText('Description of Work'), { target: { value: 'New roof.' } });
  await settle();
  fireEvent.click(form.getByRole('button', { name: 'Request Permit' }));
  await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Customer Name')));
  expect(form.getByRole('status').textContent).toBe('3 fields need your attention.');
  // Fixing the first moves focus to the next one on the next attempt.
  fireEvent.input(form.getByLabelText('Customer Name'), { target: { value: 'Pat Owner' } });
  await settle();
  fireEvent.click(form.getByRole('button', { name: 'Request Permit' }));
  await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Contact Phone Number')));
  expect(form.getByRole('status').textContent).toBe('2 fields need your attention.');
});
