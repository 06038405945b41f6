import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import type { AudienceInput } from '../../../../shared/api/newsletters';
import { tiers } from '../../../../shared/domain/tiers';
import { apiRequest, lazyEndpoints } from '../../../lib/api';
import { useWords } from '../../../lib/words';
import { newsletterWords } from './newsletter-words';

const eventsApi = lazyEndpoints(() => import('../../../../shared/api/events').then((m) => m.eventsApi));

const KINDS: readonly AudienceInput['kind'][] = ['all_members', 'tier', 'status', 'event', 'donors', 'non_members', 'everyone'];
const SEGMENTS = ['active', 'expiring', 'lapsed'] as const;

function fresh(kind: AudienceInput['kind']): AudienceInput {
  if (kind === 'tier') return { kind, tiers: [0] };
  if (kind === 'status') return { kind, status: 'active', days: 30, months: 12 };
  if (kind === 'event') return { kind, event_id: '' };
  return { kind };
}

/** Who a newsletter is for: a segment and its settings (decision 120). */
export function AudienceFields({
  value,
  onChange,
  disabled,
}: {
  value: AudienceInput;
  onChange: (a: AudienceInput) => void;
  disabled: boolean;
}) {
  const w = useWords(newsletterWords);
  const events = useQuery({
    queryKey: ['events', 'all-for-audience'],
    queryFn: ({ signal }) => apiRequest(eventsApi.list, { signal }),
    enabled: value.kind === 'event',
  });
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={w.audience}
        value={value.kind}
        disabled={disabled}
        onChange={(e) => onChange(fresh(e.target.value as AudienceInput['kind']))}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {w.kind(kind)}
          </option>
        ))}
      </TextField>
      {value.kind === 'tier' && (
        <FormGroup aria-label={w.tiers}>
          {tiers.map((tier) => (
            <FormControlLabel
              key={tier.index}
              label={tier.name}
              control={
                <Checkbox
                  disabled={disabled}
                  checked={value.tiers.includes(tier.index)}
                  onChange={(e) =>
                    onChange({
                      kind: 'tier',
                      tiers: e.target.checked ? [...value.tiers, tier.index] : value.tiers.filter((i) => i !== tier.index),
                    })
                  }
                />
              }
            />
          ))}
        </FormGroup>
      )}
      {value.kind === 'status' && (
        <>
          <TextField
            select
            label={w.status}
            value={value.status}
            disabled={disabled}
            onChange={(e) => onChange({ ...value, status: e.target.value as 'active' | 'expiring' | 'lapsed' })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {SEGMENTS.map((segment) => (
              <option key={segment} value={segment}>
                {w.segment(segment)}
              </option>
            ))}
          </TextField>
          {value.status === 'expiring' && (
            <TextField
              type="number"
              label={w.expiringDays}
              value={value.days ?? 30}
              disabled={disabled}
              onChange={(e) => onChange({ ...value, days: Number(e.target.value) })}
              slotProps={{ htmlInput: { min: 1, max: 366 } }}
            />
          )}
          {value.status === 'lapsed' && (
            <TextField
              type="number"
              label={w.lapsedMonths}
              value={value.months ?? 12}
              disabled={disabled}
              onChange={(e) => onChange({ ...value, months: Number(e.target.value) })}
              slotProps={{ htmlInput: { min: 1, max: 120 } }}
            />
          )}
        </>
      )}
      {value.kind === 'event' && (
        <TextField
          select
          label={w.event}
          value={value.event_id}
          disabled={disabled}
          onChange={(e) => onChange({ kind: 'event', event_id: e.target.value })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{w.chooseEvent}</option>
          {(events.data ?? []).map((event) => (
            <option key={event._id} value={event._id}>
              {event.title}
            </option>
          ))}
        </TextField>
      )}
    </Stack>
  );
}
