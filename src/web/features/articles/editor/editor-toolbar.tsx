import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import ImageIcon from '@mui/icons-material/Image';
import InsertLinkIcon from '@mui/icons-material/InsertLink';
import TitleIcon from '@mui/icons-material/Title';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import type { Editor } from '@tiptap/react';
import {
  MenuButton,
  MenuButtonBlockquote,
  MenuButtonBold,
  MenuButtonBulletedList,
  MenuButtonCodeBlock,
  MenuButtonHighlightToggle,
  MenuButtonItalic,
  MenuButtonOrderedList,
  MenuButtonRedo,
  MenuButtonRemoveFormatting,
  MenuButtonStrikethrough,
  MenuButtonUnderline,
  MenuButtonUndo,
  MenuControlsContainer,
  MenuDivider,
} from 'mui-tiptap';
import type { MouseEvent } from 'react';
import { useSiteText } from '../../../lib/site-text';

export type ToolbarActions = {
  onLink: (anchor: HTMLElement) => void;
  onImageUrl: (anchor: HTMLElement) => void;
  onMedia: (anchor: HTMLElement) => void;
  onUpload: (anchor: HTMLElement) => void;
};

const anchorOf = (handler: (anchor: HTMLElement) => void) => (event: MouseEvent<HTMLElement>) => handler(event.currentTarget);

/**
 * docs/product.md "Editor" toolbar, in the order docs/product.md lists it. Every label and tooltip is a site text
 * (the admin words it like any other), the button's accessible name too.
 */
export function EditorToolbar({ editor, actions }: { editor: Editor | null; actions: ToolbarActions }) {
  const { t } = useSiteText();
  const editable = Boolean(editor?.isEditable);
  return (
    <MenuControlsContainer>
      <MenuButtonBold tooltipLabel={t('editor.tool.bold')} />
      <MenuButtonItalic tooltipLabel={t('editor.tool.italic')} />
      <MenuButtonUnderline tooltipLabel={t('editor.tool.underline')} />
      <MenuButtonStrikethrough tooltipLabel={t('editor.tool.strikethrough')} />
      <MenuButtonHighlightToggle tooltipLabel={t('editor.tool.highlight')} />
      <MenuDivider />
      <MenuButton
        tooltipLabel={t('editor.tool.heading')}
        tooltipShortcutKeys={['mod', 'alt', '2']}
        IconComponent={TitleIcon}
        selected={editor?.isActive('heading', { level: 2 }) ?? false}
        disabled={!editable}
        onClick={() => editor?.chain().focus().toggleHeading({ level: 2 }).run()}
      />
      <MenuButtonOrderedList tooltipLabel={t('editor.tool.numbered_list')} />
      <MenuButtonBulletedList tooltipLabel={t('editor.tool.bullet_list')} />
      <MenuButtonBlockquote tooltipLabel={t('editor.tool.quote')} />
      <MenuButtonCodeBlock tooltipLabel={t('editor.tool.code_block')} />
      <MenuDivider />
      <MenuButton
        tooltipLabel={t('editor.tool.link')}
        IconComponent={InsertLinkIcon}
        selected={editor?.isActive('link') ?? false}
        disabled={!editable}
        onClick={anchorOf(actions.onLink)}
      />
      <MenuButton
        tooltipLabel={t('editor.tool.image_url')}
        IconComponent={ImageIcon}
        disabled={!editable}
        onClick={anchorOf(actions.onImageUrl)}
      />
      <MenuButton
        tooltipLabel={t('editor.tool.media')}
        IconComponent={VideoLibraryIcon}
        disabled={!editable}
        onClick={anchorOf(actions.onMedia)}
      />
      <MenuButton
        tooltipLabel={t('editor.tool.upload')}
        IconComponent={AddPhotoAlternateIcon}
        disabled={!editable}
        onClick={anchorOf(actions.onUpload)}
      />
      <MenuDivider />
      <MenuButtonRemoveFormatting tooltipLabel={t('editor.tool.clear')} />
      <MenuButtonUndo tooltipLabel={t('editor.tool.undo')} />
      <MenuButtonRedo tooltipLabel={t('editor.tool.redo')} />
    </MenuControlsContainer>
  );
}
