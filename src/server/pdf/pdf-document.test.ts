import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { scriptRuns, woffToSfnt } from './pdf-document';

const require = createRequire(import.meta.url);

describe('the PDF fonts', () => {
  it('unpack from WOFF to the font file it wraps, at the size the WOFF header says', () => {
    for (const weight of [400, 700]) {
      const woff = fs.readFileSync(
        require.resolve(`@fontsource/noto-sans-armenian/files/noto-sans-armenian-armenian-${weight}-normal.woff`),
      );
      const sfnt = woffToSfnt(woff);
      expect(sfnt.length).toBe(woff.readUInt32BE(16)); // totalSfntSize
      expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4)); // the flavor: TrueType or CFF
      expect(sfnt.readUInt16BE(4)).toBe(woff.readUInt16BE(12)); // numTables
      const tags = Array.from({ length: sfnt.readUInt16BE(4) }, (_, i) => sfnt.toString('latin1', 12 + i * 16, 16 + i * 16));
      expect(tags).toEqual(expect.arrayContaining(['cmap', 'glyf', 'head', 'hmtx']));
    }
    expect(() => woffToSfnt(Buffer.from('not a font at all, not at all, not at all, not'))).toThrow('Not a WOFF font');
  });

  it('cut a line into runs of Armenian and of other text', () => {
    expect(scriptRuns('Dr Անի Petrosyan')).toEqual([
      { text: 'Dr ', armenian: false },
      { text: 'Անի', armenian: true },
      { text: ' Petrosyan', armenian: false },
    ]);
    expect(scriptRuns('')).toEqual([{ text: '', armenian: false }]);
  });
});
