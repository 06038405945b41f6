import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../testing/render';
import { SEARCH_DEBOUNCE_MS, SearchField } from './search-field';

/** The field as a list page holds it: the search in force lives in the parent (the URL there). */
function Harness({ onSearch }: { onSearch: (text: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchField
        label="Search"
        value={value}
        onSearch={(text) => {
          onSearch(text);
          setValue(text);
        }}
      />
      <a href="#result">A result</a>
    </>
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('search field', () => {
  it('reports the search once typing pauses', async () => {
    const onSearch = vi.fn();
    const { user } = renderPage(<Harness onSearch={onSearch} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), ' ani ');
    expect(onSearch).not.toHaveBeenCalled();
    await pause(SEARCH_DEBOUNCE_MS + 100);
    expect(onSearch.mock.calls).toEqual([['ani']]);
  });

  it('applies the search at once on leaving the box, and not again when the pause runs out', async () => {
    const onSearch = vi.fn();
    const { user } = renderPage(<Harness onSearch={onSearch} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ani');
    await user.click(screen.getByRole('link', { name: 'A result' }));
    expect(onSearch.mock.calls).toEqual([['ani']]);
    await pause(SEARCH_DEBOUNCE_MS + 100);
    expect(onSearch.mock.calls).toEqual([['ani']]);
  });
});
