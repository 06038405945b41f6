import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import type { EventRecord } from '../../../shared/api/events';
import { LoadingRegion } from '../../components/loading-region';
import { formatMonthYear } from '../../lib/format';
import { EventAdminButtons, EventWhen } from './event-card';

// The editor (react-hook-form, the contract's schemas) loads only when an admin edits a past event.
const EventEditor = lazy(() => import('./event-editor').then((m) => ({ default: m.EventEditor })));

export interface PastEventsProps {
  events: EventRecord[];
  admin: boolean;
  /** The id of the event being edited, anywhere on the page, or null. */
  editingId: string | null;
  onEdit: (id: string) => void;
  onEditDone: () => void;
  onDelete: (event: EventRecord) => void;
}

/** Past events, most recent first: title and month/year, opening to the date and description. */
export function PastEvents({ events, admin, editingId, onEdit, onEditDone, onDelete }: PastEventsProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  // SPEC: rows cannot open or close while an event is being edited.
  const locked = editingId !== null;

  function toggle(id: string, open: boolean) {
    if (locked) return;
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  return (
    <Box>
      {events.map((event) => (
        <PastEventRow
          key={event._id}
          event={event}
          expanded={expanded.has(event._id) || editingId === event._id}
          locked={locked}
          onToggle={(open) => toggle(event._id, open)}
          admin={admin}
          editing={editingId === event._id}
          onEdit={() => onEdit(event._id)}
          onEditDone={onEditDone}
          onDelete={() => onDelete(event)}
        />
      ))}
    </Box>
  );
}

function PastEventRow({
  event,
  expanded,
  locked,
  onToggle,
  admin,
  editing,
  onEdit,
  onEditDone,
  onDelete,
}: {
  event: EventRecord;
  expanded: boolean;
  locked: boolean;
  onToggle: (open: boolean) => void;
  admin: boolean;
  editing: boolean;
  onEdit: () => void;
  onEditDone: () => void;
  onDelete: () => void;
}) {
  // From the data, not useId: see event-card.tsx (the server's ids stay on hydrated elements).
  const titleId = `past-${event._id}-title`;
  const summaryId = `past-${event._id}-summary`;
  const regionId = `past-${event._id}-region`;
  return (
    <Accordion
      disableGutters
      expanded={expanded}
      onChange={(_, open) => onToggle(open)}
      sx={{
        border: 1,
        borderColor: editing ? 'primary.main' : 'divider',
        boxShadow: 'none',
        '&:not(:last-of-type)': { borderBottom: editing ? undefined : 0 },
        '&::before': { display: 'none' },
        '&:first-of-type': { borderTopLeftRadius: 12, borderTopRightRadius: 12 },
        '&:last-of-type': { borderBottomLeftRadius: 12, borderBottomRightRadius: 12 },
      }}
    >
      <AccordionSummary
        id={summaryId}
        aria-controls={regionId}
        expandIcon={<ExpandMoreIcon />}
        aria-disabled={locked || undefined}
        sx={{
          px: { xs: 2, sm: 3 },
          py: 0.5,
          ...(locked && { cursor: 'default' }),
        }}
      >
        {/* A span: the summary is a button, whose content may hold no div (Nu HTML checker). */}
        <Stack
          component="span"
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ width: '100%', alignItems: { sm: 'baseline' }, justifyContent: 'space-between', gap: { xs: 0.25, sm: 2 }, pr: 1 }}
        >
          <Typography id={titleId} component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
            {event.title}
          </Typography>
          <Typography component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap', fontSize: '0.95rem' }}>
            {formatMonthYear(event.date)}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails sx={{ px: { xs: 2, sm: 3 }, pb: 3, pt: 0 }}>
        {editing ? (
          <Suspense
            fallback={
              <LoadingRegion>
                <Skeleton variant="rounded" height={56} />
              </LoadingRegion>
            }
          >
            <EventEditor event={event} onDone={onEditDone} onDelete={onDelete} />
          </Suspense>
        ) : (
          <>
            <EventWhen date={event.date} />
            {event.description && (
              <Typography sx={{ color: 'text.secondary', lineHeight: 1.7, whiteSpace: 'pre-line', mt: 1.5 }}>
                {event.description}
              </Typography>
            )}
            {admin && (
              <Stack direction="row" sx={{ mt: 2, gap: 1, flexWrap: 'wrap' }}>
                <EventAdminButtons admin={{ onEdit, onDelete, disabled: locked }} describedBy={titleId} />
              </Stack>
            )}
          </>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
