// The task step's left side: who issues the permit, said as a sentence, and the permit office's phone
// when the directory has one.
import { render as draw } from 'preact';
import { expect, it } from 'vitest';
import { MUNICIPALITY } from '../test/fixtures.js';
import { MunicipalityAside } from './task-step.js';

const render = (node: Parameters<typeof draw>[0]) => {
  const container = document.createElement('div');
  draw(node, container);
  return { container, unmount: () => draw(null, container) };
};

it('says who issues the permit as a sentence, with the permit office phone when the directory has one', () => {
  const withPhone = { ...MUNICIPALITY, name: 'City of Pasadena', phoneNumbers: [{ label: 'other', phoneNumber: '6265550000' }, { label: 'main', phoneNumber: '6267444000' }] };
  const { container, unmount } = render(<MunicipalityAside municipality={withPhone} />);
  expect(container.querySelector('.pd-h2')?.textContent).toBe("You'll get permits through City of Pasadena.");
  const link = container.querySelector('a[href^="tel:"]')!;
  expect(link.getAttribute('href')).toBe('tel:6267444000');
  expect(link.parentElement?.textContent).toMatch(/^Permit office: \+1 \(626\) 744-4000$/);
  unmount();
});

it('shows no phone line when the directory has none', () => {
  const { container } = render(<MunicipalityAside municipality={{ ...MUNICIPALITY, phoneNumbers: [] }} />);
  expect(container.querySelector('a[href^="tel:"]')).toBeNull();
  expect(container.textContent).not.toContain('Permit office');
});
