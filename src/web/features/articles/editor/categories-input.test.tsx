import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../testing/render';
import { CategoriesInput } from './categories-input';

const known = ['Events', 'Education', 'News', 'Research'];

/** The input as the article form holds it: the chosen categories live in the parent. */
function Harness({ initial = [] }: { initial?: string[] }) {
  const [value, setValue] = useState(initial);
  return <CategoriesInput value={value} onChange={setValue} known={known} />;
}

const input = () => screen.getByRole('combobox', { name: 'Categories' });
const chosen = () =>
  screen.queryByRole('list', { name: 'Categories' })
    ? within(screen.getByRole('list', { name: 'Categories' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    : [];
const options = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('categories input (docs/product.md section 5)', () => {
  it('adds a category on Enter and on a trailing comma, keeping what follows the comma', async () => {
    const { user } = renderPage(<Harness />);
    await user.type(input(), 'Gala{Enter}');
    expect(chosen()).toEqual(['Gala']);
    await user.type(input(), 'Charity,Fun');
    expect(chosen()).toEqual(['Gala', 'Charity']);
    expect(input()).toHaveValue('Fun');
  });

  it('never adds a duplicate, whatever its case', async () => {
    const { user } = renderPage(<Harness initial={['News']} />);
    await user.type(input(), 'news{Enter}');
    await user.type(input(), ' NEWS ,');
    expect(chosen()).toEqual(['News']);
  });

  it('suggests known categories starting with the typed text, case-insensitively, leaving out chosen ones', async () => {
    const { user } = renderPage(<Harness initial={['Education']} />);
    await user.type(input(), 'e');
    expect(options()).toEqual(['Events']);
    await user.clear(input());
    await user.type(input(), 'RE');
    expect(options()).toEqual(['Research']);
    await user.click(screen.getByRole('option', { name: 'Research' }));
    expect(chosen()).toEqual(['Education', 'Research']);
    expect(input()).toHaveValue('');
  });

  it('offers to add text that matches no known category', async () => {
    const { user } = renderPage(<Harness />);
    await user.type(input(), 'Gala dinner');
    expect(options()).toEqual(['add "Gala dinner"']);
    await user.click(screen.getByRole('option', { name: 'add "Gala dinner"' }));
    expect(chosen()).toEqual(['Gala dinner']);
    // Text inside a known category ("ven" in "Events") is a partial match: no offer to add.
    await user.type(input(), 'ven');
    expect(options()).toEqual([]);
  });

  it('removes the last category on Backspace in the empty input, and a chip on its delete button', async () => {
    const { user } = renderPage(<Harness initial={['Events', 'News', 'Research']} />);
    await user.type(input(), 'x{Backspace}');
    expect(chosen()).toEqual(['Events', 'News', 'Research']);
    await user.type(input(), '{Backspace}');
    expect(chosen()).toEqual(['Events', 'News']);
    await user.click(within(screen.getByRole('button', { name: 'Events' })).getByTestId('CancelIcon'));
    expect(chosen()).toEqual(['News']);
  });
});
