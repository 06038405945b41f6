import { useQuery } from '@tanstack/react-query';
import { donationsApi, type DonateProceedRequest, type GiftAidDetails } from '../../../shared/api/donations';
import { apiRequest } from '../../lib/api';
import { downloadFile } from '../../lib/download-file';

export const donationsConfigKey = ['donations-config'] as const;
export const giftAidDeclarationsKey = ['admin', 'gift-aid', 'declarations'] as const;

/** Whether Gift Aid is offered, and the charity's registered number. */
export function useDonationsConfig() {
  return useQuery({
    queryKey: donationsConfigKey,
    queryFn: ({ signal }) => apiRequest(donationsApi.config, { signal, auth: false }),
    staleTime: 60_000,
  });
}

export function donateProceed(request: DonateProceedRequest) {
  return apiRequest(donationsApi.proceed, { body: request, auth: false });
}

export function useGiftAidDeclarations(enabled: boolean) {
  return useQuery({
    queryKey: giftAidDeclarationsKey,
    queryFn: ({ signal }) => apiRequest(donationsApi.declarations, { signal }),
    enabled,
  });
}

export async function cancelDeclaration(id: string) {
  const answer = await apiRequest(donationsApi.cancelDeclaration, { body: { _id: id } });
  if (!answer.succeeded) throw new Error('The declaration was not cancelled');
}

/** The admin's correction of a declaration's details to what HMRC's schedule takes. */
export function correctDeclaration(id: string, details: GiftAidDetails) {
  return apiRequest(donationsApi.correctDeclaration, { params: { id }, body: details });
}

/** HMRC's schedule for the dates, as CSV (fetched with the bearer token: see downloadFile). */
export function downloadGiftAidSchedule(from: string, to: string): Promise<void> {
  return downloadFile(donationsApi.exportCsv, { query: { from, to } }, `gift-aid-${from}-to-${to}.csv`);
}
