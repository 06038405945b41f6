import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { committeeApi, type CommitteeMember, newCommitteeRequest, updateCommitteeRequest } from '../../../shared/api/committee';
import { byIdRequest } from '../../../shared/api/common';
import { FakeApi } from '../../testing/fake-api';
import { renderPage } from '../../testing/render';
import { CommitteeSection } from './committee-section';

/** The committee API as a tiny store, sorted as the server sorts it (priority descending). */
function fakeCommittee(members: CommitteeMember[]) {
  let store = [...members];
  const sorted = () => [...store].sort((a, b) => b.priority - a.priority || a.name.localeCompare(b.name));
  return new FakeApi()
    .on(committeeApi.list, sorted)
    .on(committeeApi.create, (request) => {
      const fields = newCommitteeRequest.parse(request.json);
      store = [...store, { ...fields, hy: fields.hy ?? null, _id: `new-${store.length}` }];
      return { inserted_id: `new-${store.length}` };
    })
    .on(committeeApi.update, (request) => {
      const { _id, ...fields } = updateCommitteeRequest.parse(request.json);
      store = store.map((m) => (m._id === _id ? { ...m, ...fields, hy: fields.hy === undefined ? m.hy : fields.hy } : m));
      return { succeeded: true };
    })
    .on(committeeApi.remove, (request) => {
      const { _id } = byIdRequest.parse(request.json);
      store = store.filter((m) => m._id !== _id);
      return { succeeded: true };
    });
}

const chair: CommitteeMember = {
  _id: 'c1',
  name: 'Dr Anna Hakobyan',
  role: 'Chair',
  image: '',
  description: 'Cardiologist.',
  priority: 200,
  hy: null,
};
const treasurer: CommitteeMember = {
  _id: 'c2',
  name: 'Dr Levon Sargsyan',
  role: 'Treasurer',
  image: '',
  description: '',
  priority: 150,
  hy: null,
};

const section = () => screen.getByRole('region', { name: 'Our committee' });
/** The grid of cards (each member's dialog, hidden until opened, is outside it). */
const cards = () => within(section()).getByRole('list');

describe('committee editing (docs/product.md sections 4 and 5)', () => {
  it('shows no editing controls to a visitor', async () => {
    renderPage(<CommitteeSection />, { api: fakeCommittee([chair]) });
    expect(await screen.findByRole('heading', { name: 'Dr Anna Hakobyan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add committee member' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('starts a new member in edit with priority 100; cancel discards it, Delete is refused', async () => {
    const page = renderPage(<CommitteeSection />, { signedInAs: 'admin', api: fakeCommittee([chair]) });
    await screen.findByRole('heading', { name: 'Dr Anna Hakobyan' });
    await page.user.click(screen.getByRole('button', { name: 'Add committee member' }));
    const form = await screen.findByRole('form', { name: 'New committee member' });
    expect(within(form).getByLabelText('Priority')).toHaveValue('100');
    await page.user.click(within(form).getByRole('button', { name: 'Delete' }));
    expect(within(form).getByText(/has not been saved yet, so there is nothing to delete/)).toBeInTheDocument();
    await page.user.type(within(form).getByLabelText(/^Name/), 'Discarded');
    await page.user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New committee member' })).toBeNull();
    expect(page.api.changes()).toEqual([]);
  });

  it('saves a new member, refusing a priority that is not a number and reading one as parseInt does', async () => {
    const page = renderPage(<CommitteeSection />, { signedInAs: 'admin', api: fakeCommittee([chair]) });
    await screen.findByRole('heading', { name: 'Dr Anna Hakobyan' });
    await page.user.click(screen.getByRole('button', { name: 'Add committee member' }));
    const form = await screen.findByRole('form', { name: 'New committee member' });
    await page.user.type(within(form).getByLabelText(/^Name/), 'Dr Mariam Grigoryan');
    await page.user.type(within(form).getByLabelText(/^Role/), 'Secretary');
    await page.user.clear(within(form).getByLabelText('Priority'));
    await page.user.type(within(form).getByLabelText('Priority'), 'soon');
    await page.user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a whole number')).toBeInTheDocument();
    await page.user.clear(within(form).getByLabelText('Priority'));
    await page.user.type(within(form).getByLabelText('Priority'), '300.7');
    await page.user.click(within(form).getByRole('button', { name: 'Save' }));
    await within(section()).findByRole('heading', { name: 'Dr Mariam Grigoryan' });
    expect(screen.queryByRole('form', { name: 'New committee member' })).toBeNull();
    expect(page.api.callsTo(committeeApi.create).map((c) => c.json)).toEqual([
      { name: 'Dr Mariam Grigoryan', role: 'Secretary', image: '', description: '', priority: 300, hy: null },
    ]);
    // Refetched after the save, and sorted by priority: the new member comes first.
    const names = within(section())
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(names).toEqual(['Dr Mariam Grigoryan', 'Dr Anna Hakobyan']);
  });

  it('edits in place: cancel changes nothing, save updates and refetches', async () => {
    const page = renderPage(<CommitteeSection />, { signedInAs: 'admin', api: fakeCommittee([chair, treasurer]) });
    await screen.findByRole('heading', { name: 'Dr Anna Hakobyan' });
    await page.user.click(screen.getAllByRole('button', { name: 'Edit' })[1]!);
    const form = await screen.findByRole('form', { name: 'Edit committee member' });
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Dr Levon Sargsyan');
    await page.user.type(within(form).getByLabelText(/^Role/), ' and Secretary');
    await page.user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(cards()).getByText('Treasurer')).toBeInTheDocument();
    expect(page.api.changes()).toEqual([]);

    await page.user.click(screen.getAllByRole('button', { name: 'Edit' })[1]!);
    const again = await screen.findByRole('form', { name: 'Edit committee member' });
    await page.user.type(within(again).getByLabelText(/^Role/), ' and Secretary');
    await page.user.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await within(cards()).findByText('Treasurer and Secretary')).toBeInTheDocument();
    expect(page.api.callsTo(committeeApi.update).map((c) => c.json)).toEqual([
      { _id: 'c2', name: 'Dr Levon Sargsyan', role: 'Treasurer and Secretary', image: '', description: '', priority: 150, hy: null },
    ]);
    expect(page.api.callsTo(committeeApi.list)).toHaveLength(2);
  });

  it('asks before deleting a member, naming them', async () => {
    const page = renderPage(<CommitteeSection />, { signedInAs: 'admin', api: fakeCommittee([chair, treasurer]) });
    await screen.findByRole('heading', { name: 'Dr Anna Hakobyan' });
    await page.user.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this committee member?' });
    expect(dialog).toHaveTextContent('Dr Anna Hakobyan');
    await page.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(dialog);
    expect(page.api.callsTo(committeeApi.remove)).toEqual([]);

    await page.user.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    await page.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('alertdialog'));
    expect(within(section()).queryByText('Dr Anna Hakobyan')).toBeNull();
    expect(within(cards()).getByText('Dr Levon Sargsyan')).toBeInTheDocument();
    expect(page.api.callsTo(committeeApi.remove).map((c) => c.json)).toEqual([{ _id: 'c1' }]);
  });

  it('edits the Armenian role and description beside the English', async () => {
    const page = renderPage(<CommitteeSection />, { signedInAs: 'admin', api: fakeCommittee([chair]) });
    await screen.findByRole('heading', { name: 'Dr Anna Hakobyan' });
    await page.user.click(within(cards()).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit committee member' });
    await page.user.click(within(form).getByRole('tab', { name: 'Armenian' }));
    const armenian = within(within(form).getByRole('tabpanel', { name: 'Armenian' }));
    await page.user.type(armenian.getByLabelText('Armenian: Description'), 'Սրտաբան։');
    await page.user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await armenian.findByText('Give the Armenian version a title, or empty its other fields')).toBeInTheDocument();
    expect(page.api.callsTo(committeeApi.update)).toEqual([]);
    await page.user.type(armenian.getByLabelText('Armenian: Role'), 'Նախագահ');
    await page.user.click(within(form).getByRole('button', { name: 'Save' }));
    await within(cards()).findByText('Chair');
    expect(screen.queryByRole('form', { name: 'Edit committee member' })).toBeNull();
    expect(page.api.callsTo(committeeApi.update).map((c) => (c.json as { hy: unknown }).hy)).toEqual([
      { role: 'Նախագահ', description: 'Սրտաբան։' },
    ]);
  });
});

describe('the committee on an Armenian page (decision 180)', () => {
  it('shows the Armenian role and description where written, else the English marked as English', async () => {
    const translated = { ...chair, hy: { role: 'Նախագահ', description: 'Սրտաբան Լոնդոնում։' } };
    renderPage(<CommitteeSection />, { language: 'hy', api: fakeCommittee([translated, treasurer]) });
    const grid = within(await screen.findByRole('list'));
    expect(await grid.findByText('Նախագահ')).not.toHaveAttribute('lang');
    expect(grid.getByText('Սրտաբան Լոնդոնում։')).toBeInTheDocument();
    expect(grid.queryByText('Chair')).toBeNull();
    expect(grid.getByText('Treasurer')).toHaveAttribute('lang', 'en-GB');
  });
});
