import { Code } from '@tiptap/extension-code';
import { Highlight } from '@tiptap/extension-highlight';
import { Placeholder } from '@tiptap/extensions';
import { StarterKit } from '@tiptap/starter-kit';
import { MAX_TEXT_LENGTH } from '../../../../shared/domain/richtext/document';
import { HEADING_LEVEL } from '../../../../shared/domain/richtext/editor-json';
import { isAllowedLinkUrl, isSafeLinkUrl } from '../../../../shared/domain/richtext/safe-url';
import { BlockKeys, ListDepthLimit, TextLimit } from './editor-guards';
import { MediaNode } from './media-node';

/**
 * The editor's extensions: exactly what the stored format can hold (docs/product.md section 3), so
 * everything written converts to a document and back.
 */
export function articleExtensions(placeholder: string) {
  return [
    StarterKit.configure({
      heading: { levels: [HEADING_LEVEL] },
      horizontalRule: false,
      // Replaced below: the stored format lets code text also be bold, linked, and so on.
      code: false,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        // docs/product.md: pasted links are kept only when they parse and use http, https, mailto or tel.
        isAllowedUri: (url) => isAllowedLinkUrl(url) || isSafeLinkUrl(url),
        shouldAutoLink: (url) => isAllowedLinkUrl(url),
        HTMLAttributes: { rel: 'noopener noreferrer', target: null },
      },
    }),
    Code.extend({ excludes: '' }),
    Highlight,
    MediaNode,
    BlockKeys,
    ListDepthLimit,
    Placeholder.configure({ placeholder }),
    TextLimit.configure({ limit: MAX_TEXT_LENGTH }),
  ];
}
