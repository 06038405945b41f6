import { describe, expect, it } from 'vitest';
import { siteTextDefaults } from '../../../shared/domain/site-text';
import { textArea, UNUSED_AREA } from '../../../shared/domain/site-text-areas';
import { textAreasHy } from './text-areas-hy';

describe('the areas of the Texts page in Armenian (decision 190)', () => {
  it('names in Armenian every area a site text can be in', () => {
    const areas = new Set([...Object.keys(siteTextDefaults).map((key) => textArea(key).where), UNUSED_AREA.where]);
    expect([...areas].filter((where) => !textAreasHy[where])).toEqual([]);
  });
});
