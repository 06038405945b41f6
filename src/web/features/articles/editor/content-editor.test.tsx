import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { imagesApi } from '../../../../shared/api/images';
import { MAX_TEXT_LENGTH, type RawDocument } from '../../../../shared/domain/richtext/document';
import { validateDocument } from '../../../../shared/domain/richtext/validate';
import { FakeApi } from '../../../testing/fake-api';
import { renderPage } from '../../../testing/render';
import { ContentEditor } from './content-editor';

const paragraph = (text: string, key = 'a'): RawDocument['blocks'][number] => ({
  key,
  text,
  type: 'unstyled',
  depth: 0,
  inlineStyleRanges: [],
  entityRanges: [],
  data: {},
});

function renderEditor(initial: RawDocument | null, api = new FakeApi()) {
  const changes: RawDocument[] = [];
  const page = renderPage(
    <>
      <span id="content-label">Article content</span>
      <ContentEditor initial={initial} onChange={(doc) => changes.push(doc)} labelId="content-label" />
    </>,
    { api, signedInAs: 'editor' },
  );
  const box = screen.getByRole('textbox', { name: 'Article content' });
  return { ...page, box, changes, latest: () => changes.at(-1) };
}

/** A paste as the browser delivers it: the clipboard's HTML and text. */
function pasteHtml(target: HTMLElement, html: string, text: string) {
  const data: Record<string, string> = { 'text/html': html, 'text/plain': text };
  fireEvent.paste(target, {
    clipboardData: { types: Object.keys(data), files: [], items: [], getData: (type: string) => data[type] ?? '' },
  });
}

describe('the content editor', () => {
  // jsdom lays nothing out: ProseMirror's scrolling to the cursor gets empty rectangles.
  beforeAll(() => {
    const empty = (): DOMRect => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) });
    const none = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect = empty;
    Range.prototype.getClientRects = none;
    Object.assign(Text.prototype, { getClientRects: none });
    document.elementFromPoint = () => null;
  });

  it('keeps a pasted link exactly when the server would, by one rule: "http://a b.org/" is dropped, its words kept', async () => {
    const { latest } = renderEditor({ blocks: [paragraph('')], entityMap: {} });
    const box = screen.getByRole('textbox', { name: 'Article content' });
    box.focus();
    pasteHtml(box, '<p>See <a href="http://a b.org/">our site</a> and <a href="https://example.org/">the other</a>.</p>', 'See our site');
    await waitFor(() => expect(latest()?.blocks[0]?.text).toBe('See our site and the other.'));
    const doc = latest()!;
    // Only the good link remains, and the server takes the document as it is.
    expect(Object.values(doc.entityMap).map((entity) => entity.data)).toEqual([{ url: 'https://example.org/' }]);
    expect(validateDocument(doc).ok).toBe(true);
  });

  it('holds the length limit for Enter: at the limit a new paragraph is refused, as the server would refuse it', async () => {
    // One character short of the limit: Enter makes it exactly the limit, a second Enter would pass it.
    const { box, user, latest } = renderEditor({ blocks: [paragraph('x'.repeat(MAX_TEXT_LENGTH - 1))], entityMap: {} });
    await user.click(box);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(latest()?.blocks).toHaveLength(2));
    expect(validateDocument(latest()!).ok).toBe(true);
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(latest()!.blocks).toHaveLength(2);
    expect(
      screen.getByText(`${MAX_TEXT_LENGTH.toLocaleString('en-GB')} of ${MAX_TEXT_LENGTH.toLocaleString('en-GB')} characters`),
    ).toBeInTheDocument();
  });

  it('never replaces an image inserted by URL with a later upload: both stay', async () => {
    const uploaded = '/api/images/0b6a3f7e-1a2b-4c3d-8e9f-001122334455.png';
    const api = new FakeApi().on(imagesApi.upload, { url: uploaded });
    // An empty article: the image by URL fills it, selected, with no text after it.
    const { box, user, latest } = renderEditor({ blocks: [paragraph('')], entityMap: {} }, api);
    await user.click(box);

    await user.click(screen.getByRole('button', { name: 'Image by URL' }));
    const byUrl = screen.getByRole('presentation').querySelector('form')!;
    await user.type(within(byUrl).getByLabelText('URL'), 'https://example.org/first.png');
    await user.click(within(byUrl).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(latest()?.blocks.filter((b) => b.type === 'atomic')).toHaveLength(1));

    // The inserted image is selected now; the upload goes after it.
    await user.click(screen.getByRole('button', { name: 'Upload image' }));
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('image-upload-input'), file);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(latest()?.blocks.filter((b) => b.type === 'atomic')).toHaveLength(2));
    const urls = Object.values(latest()!.entityMap).map((entity) => entity.data.url);
    expect(urls).toEqual(['https://example.org/first.png', uploaded]);
    expect(api.callsTo(imagesApi.upload)).toHaveLength(1);
  });

  it('labels the toolbar with site texts', () => {
    renderEditor(null);
    for (const name of [
      'Bold',
      'Italic',
      'Heading 2',
      'Numbered list',
      'Link',
      'Image by URL',
      'Media',
      'Upload image',
      'Clear formatting',
      'Undo',
    ])
      expect(screen.getByRole('button', { name }), name).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
