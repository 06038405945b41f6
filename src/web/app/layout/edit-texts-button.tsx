import EditNoteIcon from '@mui/icons-material/EditNote';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useSiteTextEditor } from '../../components/site-text-editor';
import { useSiteText } from '../../lib/site-text';

/** The admin's way into "Edit texts on this page" (in the drawer on a phone). */
export function EditTextsButton() {
  const { t } = useSiteText();
  const editor = useSiteTextEditor();
  if (!editor) return null;
  return (
    <Tooltip title={t('site_text.edit_mode')}>
      <IconButton
        aria-label={t('site_text.edit_mode')}
        aria-pressed={editor.editMode}
        color="primary"
        onClick={() => editor.setEditMode(true)}
      >
        <EditNoteIcon />
      </IconButton>
    </Tooltip>
  );
}
