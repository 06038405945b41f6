import { useQuery } from '@tanstack/react-query';
import { succeededResponse } from '../../../shared/api/common';
import { donateProceedResponse, donationsConfig, giftAidDeclarationList, type DonateProceedRequest } from '../../../shared/api/donations';
import { apiRequest, withQuery } from '../../lib/api';
import { downloadFile } from '../../lib/download-file';

export const donationPaths = {
  config: '/api/donations/config',
  proceed: '/api/donate_proceed',
  declarations: '/api/admin/gift_aid/declarations',
  cancel: '/api/admin/gift_aid/cancel',
  exportCsv: '/api/admin/gift_aid/export.csv',
} as const;

export const donationsConfigKey = ['donations-config'] as const;
export const giftAidDeclarationsKey = ['admin', 'gift-aid', 'declarations'] as const;

/** Whether Gift Aid is offered, and the charity's registered number. */
export function useDonationsConfig() {
  return useQuery({
    queryKey: donationsConfigKey,
    queryFn: ({ signal }) => apiRequest(donationPaths.config, donationsConfig, { signal, auth: false }),
    staleTime: 60_000,
  });
}

export function donateProceed(request: DonateProceedRequest) {
  return apiRequest(donationPaths.proceed, donateProceedResponse, { method: 'POST', json: request, auth: false });
}

export function useGiftAidDeclarations(enabled: boolean) {
  return useQuery({
    queryKey: giftAidDeclarationsKey,
    queryFn: ({ signal }) => apiRequest(donationPaths.declarations, giftAidDeclarationList, { signal }),
    enabled,
  });
}

export async function cancelDeclaration(id: string) {
  const answer = await apiRequest(donationPaths.cancel, succeededResponse, { method: 'POST', json: { _id: id } });
  if (!answer.succeeded) throw new Error('The declaration was not cancelled');
}

/** HMRC's schedule for the dates, as CSV (fetched with the bearer token: see downloadFile). */
export function downloadGiftAidSchedule(from: string, to: string): Promise<void> {
  return downloadFile(withQuery(donationPaths.exportCsv, { from, to }), `gift-aid-${from}-to-${to}.csv`);
}
