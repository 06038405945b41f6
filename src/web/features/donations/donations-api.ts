import { useQuery } from '@tanstack/react-query';
import { succeededResponse } from '../../../shared/api/common';
import {
  donateProceedResponse,
  donationsConfig,
  giftAidDeclarationList,
  giftAidSetting,
  type DonateProceedRequest,
} from '../../../shared/api/donations';
import { ApiError, apiRequest } from '../../lib/api';
import { readSession } from '../../lib/session';

export const donationPaths = {
  config: '/api/donations/config',
  proceed: '/api/donate_proceed',
  giftAid: '/api/admin/gift_aid',
  declarations: '/api/admin/gift_aid/declarations',
  cancel: '/api/admin/gift_aid/cancel',
  exportCsv: '/api/admin/gift_aid/export.csv',
} as const;

export const donationsConfigKey = ['donations-config'] as const;
export const giftAidSettingKey = ['admin', 'gift-aid'] as const;
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

export function useGiftAidSetting(enabled: boolean) {
  return useQuery({
    queryKey: giftAidSettingKey,
    queryFn: ({ signal }) => apiRequest(donationPaths.giftAid, giftAidSetting, { signal }),
    enabled,
  });
}

export function setGiftAidEnabled(enabled: boolean) {
  return apiRequest(donationPaths.giftAid, giftAidSetting, { method: 'POST', json: { enabled } });
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

/**
 * The export needs the bearer token, so it is fetched rather than linked; the file is then handed
 * to the browser through a temporary object URL.
 */
export async function downloadGiftAidSchedule(from: string, to: string): Promise<void> {
  const query = new URLSearchParams({ from, to });
  const token = readSession()?.token;
  const response = await fetch(`${donationPaths.exportCsv}?${query.toString()}`, {
    headers: token ? { Authorization: `Bearer ${token}`, Accept: 'text/csv' } : { Accept: 'text/csv' },
  });
  if (!response.ok) {
    let detail: unknown;
    try {
      detail = ((await response.json()) as { detail?: unknown }).detail;
    } catch {
      detail = undefined;
    }
    if (typeof detail === 'string') throw new ApiError(response.status, detail, true);
    throw new ApiError(response.status, `Request failed with status ${response.status}`, false);
  }
  const blob = await response.blob();
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const named = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = named ?? `gift-aid-${from}-to-${to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
