import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LanguageProvider } from './language';
import { defineWords, useWords } from './words';

const words = defineWords(
  { save: 'Save', members: (n: number) => `${n} members` },
  { save: 'Պահպանել', members: (n: number) => `${n} անդամ` },
);

function Sample() {
  const w = useWords(words);
  return <p>{`${w.save} ${w.members(3)}`}</p>;
}

describe('useWords', () => {
  it('gives the words in the language of the page', () => {
    expect(renderToString(<Sample />)).toContain('Save 3 members');
    expect(
      renderToString(
        <LanguageProvider language="hy">
          <Sample />
        </LanguageProvider>,
      ),
    ).toContain('Պահպանել 3 անդամ');
  });
});
