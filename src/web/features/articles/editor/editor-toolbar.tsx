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

export type ToolbarActions = {
  onLink: (anchor: HTMLElement) => void;
  onImageUrl: (anchor: HTMLElement) => void;
  onMedia: (anchor: HTMLElement) => void;
  onUpload: (anchor: HTMLElement) => void;
};

const anchorOf = (handler: (anchor: HTMLElement) => void) => (event: MouseEvent<HTMLElement>) => handler(event.currentTarget);

/** SPEC "Editor" toolbar, in the order the issue lists it. */
export function EditorToolbar({ editor, actions }: { editor: Editor | null; actions: ToolbarActions }) {
  const editable = Boolean(editor?.isEditable);
  return (
    <MenuControlsContainer>
      <MenuButtonBold />
      <MenuButtonItalic />
      <MenuButtonUnderline />
      <MenuButtonStrikethrough />
      <MenuButtonHighlightToggle />
      <MenuDivider />
      <MenuButton
        tooltipLabel="Heading 2"
        tooltipShortcutKeys={['mod', 'alt', '2']}
        IconComponent={TitleIcon}
        selected={editor?.isActive('heading', { level: 2 }) ?? false}
        disabled={!editable}
        onClick={() => editor?.chain().focus().toggleHeading({ level: 2 }).run()}
      />
      <MenuButtonOrderedList tooltipLabel="Numbered list" />
      <MenuButtonBulletedList tooltipLabel="Bullet list" />
      <MenuButtonBlockquote tooltipLabel="Quote" />
      <MenuButtonCodeBlock />
      <MenuDivider />
      <MenuButton
        tooltipLabel="Link"
        IconComponent={InsertLinkIcon}
        selected={editor?.isActive('link') ?? false}
        disabled={!editable}
        onClick={anchorOf(actions.onLink)}
      />
      <MenuButton tooltipLabel="Image by URL" IconComponent={ImageIcon} disabled={!editable} onClick={anchorOf(actions.onImageUrl)} />
      <MenuButton tooltipLabel="Media" IconComponent={VideoLibraryIcon} disabled={!editable} onClick={anchorOf(actions.onMedia)} />
      <MenuButton
        tooltipLabel="Upload image"
        IconComponent={AddPhotoAlternateIcon}
        disabled={!editable}
        onClick={anchorOf(actions.onUpload)}
      />
      <MenuDivider />
      <MenuButtonRemoveFormatting tooltipLabel="Clear formatting" />
      <MenuButtonUndo />
      <MenuButtonRedo />
    </MenuControlsContainer>
  );
}
