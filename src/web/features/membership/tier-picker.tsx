import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, type Ref } from 'react';
import { tiers } from '../../../shared/domain/tiers';
import { useTierText } from '../../lib/tier-text';

/** docs/product.md: the tier picker is a radio group; each choice shows the tier's name and yearly price. */
export function TierPicker({
  label,
  value,
  onChange,
  error,
  inputRef,
}: {
  label: string;
  value: number | null | undefined;
  onChange: (index: number) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const tierText = useTierText();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <FormControl component="fieldset" error={Boolean(error)} required sx={{ width: '100%', border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography id={labelId} component="legend" variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5, p: 0, color: 'primary.dark' }}>
        {label}
        <Box component="span" aria-hidden sx={{ color: 'error.main' }}>
          {' *'}
        </Box>
      </Typography>
      <RadioGroup
        name="tier_index"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        value={value ?? ''}
        onChange={(e) => onChange(Number(e.target.value))}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
      >
        {tiers.map((tier, i) => {
          const selected = value === tier.index;
          const nameId = `${id}-tier-${tier.index}`;
          return (
            <Box
              key={tier.index}
              component="label"
              sx={{
                position: 'relative',
                display: 'flex',
                alignItems: 'flex-start',
                gap: 1,
                p: 2,
                pr: 1.5,
                cursor: 'pointer',
                borderRadius: 2,
                border: '2px solid',
                borderColor: selected ? 'primary.main' : error ? 'error.main' : 'divider',
                bgcolor: selected ? 'rgba(11, 79, 108, 0.06)' : 'background.paper',
                transition: 'border-color 120ms, background-color 120ms',
                '&:hover': { borderColor: selected ? 'primary.main' : 'primary.light' },
                '&:focus-within': { outline: '3px solid #a85a00', outlineOffset: 2 },
              }}
            >
              <Radio
                value={tier.index}
                slotProps={{ input: { 'aria-labelledby': nameId, ref: i === 0 ? inputRef : undefined } }}
                sx={{ p: 0.5, mt: -0.25 }}
              />
              {/* A span: a label may hold no div (Nu HTML checker). */}
              <Box id={nameId} component="span" sx={{ display: 'block', minWidth: 0, flexGrow: 1 }}>
                <Typography component="span" sx={{ display: 'block', fontWeight: 600, lineHeight: 1.35 }}>
                  {tierText.name(tier.index)}
                </Typography>
                <Typography
                  component="span"
                  sx={{ display: 'block', mt: 0.5, color: selected ? 'primary.dark' : 'text.secondary', fontWeight: 600 }}
                >
                  {tierText.price(tier.pence)}
                </Typography>
              </Box>
              {selected && <CheckCircleIcon aria-hidden color="primary" fontSize="small" />}
            </Box>
          );
        })}
      </RadioGroup>
      {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
    </FormControl>
  );
}
