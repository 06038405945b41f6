import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { exclusionReasons, type AudienceInput } from '../../../../shared/api/newsletters';
import { errorMessage } from '../../../lib/api';
import { useWords } from '../../../lib/words';
import { useAudiencePreview } from './newsletter-api';
import { newsletterWords } from './newsletter-words';

/** How many would get it if it went now, and who would not and why (consent is decided again when it goes). */
export function AudiencePreviewBox({ list, audience }: { list: string; audience: AudienceInput }) {
  const ready = !(audience.kind === 'event' && !audience.event_id) && !(audience.kind === 'tier' && audience.tiers.length === 0);
  const preview = useAudiencePreview(list, audience, ready);
  const w = useWords(newsletterWords);
  const excluded = preview.data ? Object.values(preview.data.excluded).reduce((a, b) => a + b, 0) : 0;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="audience-count" sx={{ p: 2 }}>
      <Typography id="audience-count" variant="h2" sx={{ fontSize: '1.05rem', mb: 1 }}>
        {w.whoReceives}
      </Typography>
      {!ready ? (
        <Typography sx={{ color: 'text.secondary' }}>{w.chooseAudienceFirst}</Typography>
      ) : preview.isError ? (
        <Alert severity="error">{errorMessage(preview.error, w.countFailed)}</Alert>
      ) : !preview.data ? (
        <Typography sx={{ color: 'text.secondary' }}>{w.counting}</Typography>
      ) : (
        <Box role="status">
          <Typography sx={{ fontSize: '1.4rem', fontWeight: 700 }}>{w.recipients(preview.data.recipients)}</Typography>
          {excluded > 0 && (
            <>
              <Typography sx={{ mt: 1, fontWeight: 600 }}>{w.leftOut(excluded)}</Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {exclusionReasons
                  .filter((reason) => preview.data.excluded[reason] > 0)
                  .map((reason) => (
                    <li key={reason}>
                      {preview.data.excluded[reason]}: {w.exclusion(reason)}
                    </li>
                  ))}
              </Box>
              <Box component="details" sx={{ mt: 1 }}>
                <summary>{w.whoIsLeftOut}</summary>
                <Box component="ul" sx={{ m: 0, pl: 2.5, fontSize: '0.9rem' }}>
                  {preview.data.excluded_people.map((p) => (
                    <li key={p.email}>
                      {p.name ? `${p.name} <${p.email}>` : p.email}: {w.exclusion(p.reason)}
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
