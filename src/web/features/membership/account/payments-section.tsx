import Box from '@mui/material/Box';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { accountApi, type AccountPayment } from '../../../../shared/api/account';
import { formatPence } from '../../../../shared/domain/money';
import { Panel, PanelTitle } from '../../../components/panel';
import { errorMessage } from '../../../lib/api';
import { downloadFile } from '../../../lib/download-file';
import { formatShortDate } from '../../../lib/format';
import { visuallyHidden } from '../../../components/loading-region';
import { useSiteText } from '../../../lib/site-text';
import { formatLongDate } from '../membership-format';
import { useAccountPayments } from './account-api';

/** Registrations, renewals and donations, each paid one with its PDF receipt. */
export function PaymentsSection() {
  const { t, language } = useSiteText();
  const payments = useAccountPayments();
  const [failed, setFailed] = useState<string | null>(null);

  const download = (payment: AccountPayment) => {
    setFailed(null);
    downloadFile(accountApi.receipt, { params: { id: payment._id } }, `receipt-${payment.receipt_number ?? payment._id}.pdf`).catch(
      (error: unknown) => setFailed(errorMessage(error, t('profile.download_failed'))),
    );
  };

  return (
    <Panel labelledBy="account-payments">
      <PanelTitle id="account-payments" k="profile.payments_title" />
      {!payments.data ? (
        <Skeleton variant="rounded" height={120} />
      ) : payments.data.items.length === 0 ? (
        <Typography>{t('profile.payments_empty')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="account-payments">
            <TableHead>
              <TableRow>
                <TableCell>{t('profile.payments_date')}</TableCell>
                <TableCell>{t('profile.payments_what')}</TableCell>
                <TableCell>{t('profile.payments_period')}</TableCell>
                <TableCell align="right">{t('profile.payments_amount')}</TableCell>
                <TableCell>{t('profile.payments_status')}</TableCell>
                <TableCell>{t('profile.payments_receipt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {payments.data.items.map((payment) => (
                <TableRow key={payment._id}>
                  <TableCell>{formatShortDate(payment.completed_at ?? payment.created_at, language)}</TableCell>
                  <TableCell>{payment.description}</TableCell>
                  <TableCell>
                    {payment.period_start && payment.period_end
                      ? `${formatLongDate(payment.period_start, language)} – ${formatLongDate(payment.period_end, language)}`
                      : '—'}
                  </TableCell>
                  <TableCell align="right">{formatPence(payment.amount, language)}</TableCell>
                  <TableCell>
                    {t(`profile.payment_status.${payment.status}`)}
                    {payment.refunded > 0 && payment.status === 'partly_refunded' ? ` (${formatPence(payment.refunded, language)})` : ''}
                  </TableCell>
                  <TableCell>
                    {payment.has_receipt && (
                      // The visible words start the button's name (WCAG 2.5.3); the rest says which payment, for a screen reader.
                      <Button size="small" startIcon={<DownloadIcon />} onClick={() => download(payment)}>
                        {t('profile.receipt_button').replace('{number}', payment.receipt_number ?? '')}
                        <Box component="span" sx={visuallyHidden}>
                          {`, ${t('profile.receipt_download')}: ${payment.description}, ${formatShortDate(payment.completed_at ?? payment.created_at, language)}`}
                        </Box>
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {failed && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failed}
        </Alert>
      )}
    </Panel>
  );
}
