import type { Language } from '../../../shared/domain/language';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { imagesApi } from '../../../shared/api/images';
import { settingsApi, type SettingsUpdate } from '../../../shared/api/settings';
import { siteTextApi } from '../../../shared/api/site-text';
import { apiRequest } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import { adminKeys } from './admin-api';

/** The back office's Settings, Texts and Images pages: what the whole site shows, set from here. */
const keys = {
  settings: ['admin', 'settings'] as const,
  texts: ['admin', 'texts'] as const,
  images: ['admin', 'images'] as const,
  donationsConfig: ['donations-config'] as const,
};

export function useSettings() {
  return useQuery({ queryKey: keys.settings, queryFn: ({ signal }) => apiRequest(settingsApi.get, { signal }) });
}

/** A change of settings shows at once on every page: the string table is refetched and other tabs told. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  const { refresh } = useSiteText();
  return useMutation({
    mutationFn: (change: SettingsUpdate) => apiRequest(settingsApi.save, { body: change }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(keys.settings, answer);
      for (const key of [keys.texts, keys.images, keys.donationsConfig, adminKeys.audit])
        void queryClient.invalidateQueries({ queryKey: key });
      await refresh();
    },
  });
}

export function useTexts() {
  return useQuery({ queryKey: keys.texts, queryFn: ({ signal }) => apiRequest(siteTextApi.texts, { signal }) });
}

/** Saves one text (POST /api/set_string) or puts its default back. */
export function useChangeText() {
  const queryClient = useQueryClient();
  const { refresh } = useSiteText();
  return useMutation({
    mutationFn: async (change: ({ key: string; value: string } | { key: string; reset: true }) & { lang?: Language }) => {
      const lang = change.lang && change.lang !== 'en' ? { lang: change.lang } : {};
      if ('reset' in change) await apiRequest(siteTextApi.reset, { body: { key: change.key, ...lang } });
      else await apiRequest(siteTextApi.setString, { body: { key: change.key, value: change.value, ...lang } });
    },
    onSuccess: async () => {
      for (const key of [keys.texts, keys.settings, adminKeys.audit]) void queryClient.invalidateQueries({ queryKey: key });
      await refresh();
    },
  });
}

export function useImages() {
  return useQuery({ queryKey: keys.images, queryFn: ({ signal }) => apiRequest(imagesApi.list, { signal }) });
}

export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(imagesApi.remove, { body: { _id: id } }),
    onSettled: () => {
      for (const key of [keys.images, adminKeys.audit]) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
