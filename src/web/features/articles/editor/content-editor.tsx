import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import type { Editor, EditorOptions } from '@tiptap/react';
import { RichTextEditor, type RichTextEditorRef } from 'mui-tiptap';
import { useEffect, useRef, useState } from 'react';
import { MAX_TEXT_LENGTH, UPLOAD_MEDIA_DEFAULTS, type RawDocument } from '../../../../shared/domain/richtext/document';
import { NODE } from '../../../../shared/domain/richtext/editor-json';
import { fromEditor } from '../../../../shared/domain/richtext/from-editor';
import { toEditor } from '../../../../shared/domain/richtext/to-editor';
import { errorMessage } from '../../../lib/api';
import { useSiteText } from '../../../lib/site-text';
import { editorTextLength } from './editor-guards';
import { EditorToolbar, type ToolbarActions } from './editor-toolbar';
import { articleExtensions } from './extensions';
import { LinkMediaPopover, type LinkTarget, type MediaTarget } from './link-media-popover';
import type { MediaAttrs } from './media-node';
import { cutFileText, isTextFile, isUploadableImage } from './pasted-text';
import { UploadPopover } from './upload-popover';
import { uploadImage } from './upload-image';
import { groupThousands } from '../../../../shared/domain/en-gb';
import { groupThousands as hyGroupThousands } from '../../../../shared/domain/hy';

type Popup =
  | { kind: 'link'; anchor: HTMLElement; target: LinkTarget }
  | { kind: 'media'; anchor: HTMLElement; target: MediaTarget; pos: number | null }
  | { kind: 'upload'; anchor: HTMLElement }
  | null;

const NEW_IMAGE: MediaAttrs = { url: '', ...UPLOAD_MEDIA_DEFAULTS };
const NEW_VIDEO: MediaAttrs = { url: '', width: 560, height: 315, alignment: 'left', type: 'video' };

/**
 * Where a new image or video goes: at the selection, but after a selected media block rather than
 * over it. Inserting an image selects it, so the next insertion (an upload after "Image by URL")
 * would otherwise replace it.
 */
function insertionPoint(ed: Editor): number | { from: number; to: number } {
  const { selection } = ed.state;
  if (selection instanceof NodeSelection && selection.node.type.name === NODE.media) return selection.to;
  return { from: selection.from, to: selection.to };
}

type Props = {
  initial: RawDocument | null;
  onChange: (document: RawDocument) => void;
  /** The id of the visible label of the content. */
  labelId: string;
};

/** The article's content editor (mui-tiptap), with the toolbar, popovers and paste rules of docs/product.md. */
export function ContentEditor({ initial, onChange, labelId }: Props) {
  const { t, language } = useSiteText();
  const grouped = language === 'hy' ? hyGroupThousands : groupThousands;
  const rte = useRef<RichTextEditorRef>(null);
  const [popup, setPopup] = useState<Popup>(null);
  const [message, setMessage] = useState<string | null>(null);
  // The editor reads its options once; they call through this ref to the latest render's values.
  const latest = useRef({ t, onChange });
  useEffect(() => {
    latest.current = { t, onChange };
  });

  const [extensions] = useState(() => articleExtensions(t('editor.placeholder')));
  const [content] = useState(() => (initial ? toEditor(initial) : undefined));
  const editor = () => rte.current?.editor ?? null;

  /** Uploads an image and inserts it (at `pos`, or at the selection) at 300 by 200, left, image. */
  async function insertUpload(file: File, pos?: number) {
    const text = latest.current.t;
    if (!isUploadableImage(file)) return setMessage(text('editor.images_only'));
    try {
      const url = await uploadImage(file);
      // docs/product.md: an upload that returns no url inserts nothing, and says so.
      if (!url) return setMessage(text('editor.upload_no_url'));
      const node = { type: NODE.media, attrs: { url, ...UPLOAD_MEDIA_DEFAULTS } };
      const ed = editor();
      if (ed)
        ed.chain()
          .focus()
          .insertContentAt(pos ?? insertionPoint(ed), node)
          .run();
      setMessage(null);
    } catch (error) {
      setMessage(errorMessage(error, text('editor.upload_failed')));
    }
  }

  const [editorProps] = useState<EditorOptions['editorProps']>(() => {
    function handleFiles(view: EditorView, files: File[], pos: number | undefined) {
      for (const file of files) {
        if (isTextFile(file)) {
          // Inserted as plain text, never parsed as markup; cut to 5,000 characters a file.
          void file
            .text()
            .then((text) =>
              view.dispatch(
                pos === undefined ? view.state.tr.insertText(cutFileText(text)) : view.state.tr.insertText(cutFileText(text), pos),
              ),
            );
        } else {
          void insertUpload(file, pos);
        }
      }
    }

    return {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId },
      handlePaste(view, event) {
        const files = Array.from(event.clipboardData?.files ?? []);
        if (files.length === 0) return false;
        handleFiles(view, files, undefined);
        return true;
      },
      handleDrop(view, event, _slice, moved) {
        const files = Array.from(event.dataTransfer?.files ?? []);
        if (moved || files.length === 0) return false;
        event.preventDefault();
        handleFiles(view, files, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
        return true;
      },
      // A click on a media block opens its popover.
      handleClickOn(view, _pos, node: PmNode, nodePos) {
        if (node.type.name !== NODE.media || !view.editable) return false;
        const dom = view.nodeDOM(nodePos);
        if (!(dom instanceof HTMLElement)) return false;
        setPopup({ kind: 'media', anchor: dom, pos: nodePos, target: { kind: 'media', existing: true, attrs: node.attrs as MediaAttrs } });
        return true;
      },
    };
  });

  const actions: ToolbarActions = {
    onLink(anchor) {
      const href = editor()?.getAttributes('link').href as string | undefined;
      setPopup({ kind: 'link', anchor, target: { kind: 'link', url: href ?? '', existing: Boolean(href) } });
    },
    onImageUrl: (anchor) => setPopup({ kind: 'media', anchor, pos: null, target: { kind: 'media', existing: false, attrs: NEW_IMAGE } }),
    onMedia: (anchor) => setPopup({ kind: 'media', anchor, pos: null, target: { kind: 'media', existing: false, attrs: NEW_VIDEO } }),
    onUpload: (anchor) => setPopup({ kind: 'upload', anchor }),
  };

  function confirmLink(target: LinkTarget) {
    const ed = editor();
    setPopup(null);
    if (!ed) return;
    if (!target.url) ed.chain().focus().extendMarkRange('link').unsetLink().run();
    else if (ed.state.selection.empty && !ed.isActive('link')) {
      // Nothing selected: the address itself becomes the linked text.
      ed.chain()
        .focus()
        .insertContent({ type: NODE.text, text: target.url, marks: [{ type: 'link', attrs: { href: target.url } }] })
        .run();
    } else ed.chain().focus().extendMarkRange('link').setLink({ href: target.url }).run();
  }

  function confirmMedia(target: MediaTarget, pos: number | null) {
    const ed = editor();
    setPopup(null);
    if (!ed) return;
    if (pos === null) {
      if (target.attrs.url) ed.chain().focus().insertContentAt(insertionPoint(ed), { type: NODE.media, attrs: target.attrs }).run();
    } else if (!target.attrs.url) {
      ed.chain().focus().setNodeSelection(pos).deleteSelection().run();
    } else {
      ed.chain()
        .focus()
        .command(({ tr }) => {
          tr.setNodeMarkup(pos, undefined, { ...tr.doc.nodeAt(pos)?.attrs, ...target.attrs });
          return true;
        })
        .run();
    }
  }

  return (
    <>
      <RichTextEditor
        ref={rte}
        extensions={extensions}
        content={content}
        immediatelyRender
        editorProps={editorProps}
        onUpdate={({ editor: ed }: { editor: Editor }) => latest.current.onChange(fromEditor(ed.getJSON()))}
        renderControls={(ed) => <EditorToolbar editor={ed} actions={actions} />}
        sx={{
          '& .ProseMirror': { minHeight: 320, fontSize: '1.05rem', lineHeight: 1.7 },
          '& .ProseMirror blockquote': { fontStyle: 'italic', borderLeft: '4px solid', borderColor: 'divider', pl: 2, ml: 0 },
          '& .ProseMirror pre': { bgcolor: 'grey.100', color: 'text.primary' },
          '& .ProseMirror figure.article-media': { cursor: 'pointer' },
          '& .ProseMirror figure.article-media img': { maxWidth: '100%', height: 'auto' },
          '& .ProseMirror .media-video': { p: 2, bgcolor: 'grey.100', borderRadius: 1, overflowWrap: 'anywhere' },
          '& .ProseMirror .ProseMirror-selectednode': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        {(ed) => (
          <Typography variant="caption" sx={{ display: 'block', textAlign: 'right', color: 'text.secondary', px: 1.5, pb: 0.5 }}>
            {t('editor.characters')
              .replace('{count}', grouped(ed ? editorTextLength(ed.state.doc) : 0))
              .replace('{max}', grouped(MAX_TEXT_LENGTH))}
          </Typography>
        )}
      </RichTextEditor>
      {message && (
        <Alert severity="warning" onClose={() => setMessage(null)} sx={{ mt: 1 }}>
          {message}
        </Alert>
      )}
      {popup?.kind === 'link' && (
        <LinkMediaPopover anchor={popup.anchor} target={popup.target} onConfirm={confirmLink} onClose={() => setPopup(null)} />
      )}
      {popup?.kind === 'media' && (
        <LinkMediaPopover
          anchor={popup.anchor}
          target={popup.target}
          onConfirm={(target) => confirmMedia(target, popup.pos)}
          onClose={() => setPopup(null)}
        />
      )}
      {popup?.kind === 'upload' && (
        <UploadPopover
          anchor={popup.anchor}
          onClose={() => setPopup(null)}
          onConfirm={(file) => {
            setPopup(null);
            void insertUpload(file);
          }}
        />
      )}
    </>
  );
}
