// /projects/{id}/{permitId?} when the address names something that is not there: a missing project, and
// a missing permit of a real project, each say so with the server's message and offer a way back.
import { SAVED_VIEW_KEYS } from '@permitdesk/core/client';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '../../test/fixtures.js';
import { fullPermit } from '../radar/testing/radar-fixtures.js';
import { renderRoute } from '../radar/testing/render-route.js';
import ProjectPage from './project-page.js';
import { forgetSession, signIn } from '../../test/session.js';

const permit = fullPermit(1);
const project = {
  id: permit.projectId, name: 'Lee roof', address: permit.address, projectAddress: permit.projectAddress, customerName: permit.customerName,
  orderNumber: null, companyId: null, createdAt: permit.createdAt, permits: [permit], projectsAssignments: [],
};
const notFound = (message: string) => () => ({ status: 404, body: { message, code: 'NOT_FOUND' } });

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(SAVED_VIEW_KEYS.guidedToursSeen, JSON.stringify(['permit-detail']));
  signIn()
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

describe('ProjectPage with a missing id', () => {
  it('says the project was not found and leads back to the Project Radar', async () => {
    fakeNetwork({ 'GET /v3/projects/999': notFound('Project not found.') });
    const view = renderRoute(<ProjectPage />, '/projects/:id/:permitId?', '/projects/999');
    expect(await screen.findByText('Project not found')).toBeTruthy();
    expect(screen.getByText('Project not found.')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the Project Radar' }));
    expect(view.location()).toBe('/project-radar');
  });

  it('says the permit was not found and offers the project’s first permit', async () => {
    fakeNetwork({ [`GET /v3/projects/${project.id}`]: () => ({ body: project }), 'GET /v3/permits/999': notFound('Permit not found.') });
    const view = renderRoute(<ProjectPage />, '/projects/:id/:permitId?', `/projects/${project.id}/999`);
    expect(await screen.findByText('Permit not found')).toBeTruthy();
    expect(screen.getByText('Permit not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the Project Radar' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Open the first permit of this project' }));
    expect(view.location()).toBe(`/projects/${project.id}/1`);
  });
});
