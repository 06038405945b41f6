import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { exclusionLabels, type AudienceInput } from '../../../../shared/api/newsletters';
import { errorMessage } from '../../../lib/api';
import { useAudiencePreview } from './newsletter-api';

/** How many would get it if it went now, and who would not and why (consent is decided again when it goes). */
export function AudiencePreviewBox({ list, audience }: { list: string; audience: AudienceInput }) {
  const ready = !(audience.kind === 'event' && !audience.event_id) && !(audience.kind === 'tier' && audience.tiers.length === 0);
  const preview = useAudiencePreview(list, audience, ready);
  const excluded = preview.data ? Object.values(preview.data.excluded).reduce((a, b) => a + b, 0) : 0;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="audience-count" sx={{ p: 2 }}>
      <Typography id="audience-count" variant="h2" sx={{ fontSize: '1.05rem', mb: 1 }}>
        Who will receive it
      </Typography>
      {!ready ? (
        <Typography sx={{ color: 'text.secondary' }}>Choose the audience first.</Typography>
      ) : preview.isError ? (
        <Alert severity="error">{errorMessage(preview.error, 'The count could not be made.')}</Alert>
      ) : !preview.data ? (
        <Typography sx={{ color: 'text.secondary' }}>Counting…</Typography>
      ) : (
        <Box role="status">
          <Typography sx={{ fontSize: '1.4rem', fontWeight: 700 }}>
            {preview.data.recipients} {preview.data.recipients === 1 ? 'recipient' : 'recipients'}
          </Typography>
          {excluded > 0 && (
            <>
              <Typography sx={{ mt: 1, fontWeight: 600 }}>{excluded} left out:</Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {(Object.keys(exclusionLabels) as (keyof typeof exclusionLabels)[])
                  .filter((reason) => preview.data.excluded[reason] > 0)
                  .map((reason) => (
                    <li key={reason}>
                      {preview.data.excluded[reason]}: {exclusionLabels[reason].toLowerCase()}
                    </li>
                  ))}
              </Box>
              <Box component="details" sx={{ mt: 1 }}>
                <summary>Who is left out</summary>
                <Box component="ul" sx={{ m: 0, pl: 2.5, fontSize: '0.9rem' }}>
                  {preview.data.excluded_people.map((p) => (
                    <li key={p.email}>
                      {p.name ? `${p.name} <${p.email}>` : p.email}: {exclusionLabels[p.reason].toLowerCase()}
                    </li>
                  ))}
                </Box>
              </Box>
            </>
          )}
        </Box>
      )}
    </Paper>
  );
}
