import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  importsApi,
  type AddMemberForm,
  type ImportCommitRequest,
  type InviteRequest,
  type MemberMapping,
  type PaymentMapping,
} from '../../../shared/api/imports';
import type { DateFormat } from '../../../shared/domain/member-file';
import { apiRequest } from '../../lib/api';
import { downloadFile } from '../../lib/download-file';
import { adminKeys } from './admin-api';

export const importKeys = {
  list: ['admin', 'imports'] as const,
  one: ['admin', 'import'] as const,
  people: ['admin', 'import-people'] as const,
};

export type DryRunInput = {
  file: File;
  payments?: File | null;
  mapping?: MemberMapping;
  paymentsMapping?: PaymentMapping;
  dateFormat: DateFormat;
};

export function useImports() {
  return useQuery({ queryKey: importKeys.list, queryFn: ({ signal }) => apiRequest(importsApi.list, { signal }) });
}

export function useImport(id: string | null) {
  return useQuery({
    queryKey: [...importKeys.one, id],
    queryFn: ({ signal }) => apiRequest(importsApi.one, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
}

export function useImportPeople(id: string | null, page: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: [...importKeys.people, id, page, pageSize],
    queryFn: ({ signal }) => apiRequest(importsApi.people, { params: { id: id ?? '' }, query: { page, page_size: pageSize }, signal }),
    enabled: enabled && id !== null,
    placeholderData: keepPreviousData,
  });
}

/** Uploads the files for a dry run: nothing but the dry run itself is written. */
export function useDryRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DryRunInput) => {
      const form = new FormData();
      form.append('file', input.file);
      if (input.payments) form.append('payments', input.payments);
      if (input.mapping) form.append('mapping', JSON.stringify(input.mapping));
      if (input.paymentsMapping) form.append('payments_mapping', JSON.stringify(input.paymentsMapping));
      form.append('date_format', input.dateFormat);
      return apiRequest(importsApi.create, { body: form });
    },
    onSuccess: (answer) => {
      queryClient.setQueryData([...importKeys.one, answer.id], answer);
      void queryClient.invalidateQueries({ queryKey: importKeys.list });
    },
  });
}

/** Committing and undoing change the members, payments, audit log and (reminders aside) little else. */
function useImportChange<T>(call: (input: T) => Promise<{ id: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData([...importKeys.one, answer.id], answer);
      for (const key of [importKeys.list, importKeys.people, adminKeys.members, adminKeys.member, adminKeys.payments, adminKeys.audit])
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export const useCommitImport = () =>
  useImportChange(({ id, ...body }: ImportCommitRequest & { id: string }) => apiRequest(importsApi.commit, { params: { id }, body }));

export const useUndoImport = () => useImportChange((id: string) => apiRequest(importsApi.undo, { params: { id } }));

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: InviteRequest) => apiRequest(importsApi.invite, { body: request }),
    onSuccess: () => {
      for (const key of [importKeys.people, adminKeys.member, adminKeys.outbox, adminKeys.audit])
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: AddMemberForm) => apiRequest(importsApi.addMember, { body: form }),
    onSuccess: () => {
      for (const key of [adminKeys.members, adminKeys.audit, adminKeys.outbox]) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** The row outcomes as CSV, to fix the file in a spreadsheet. */
export function downloadOutcomes(id: string, fileName: string): Promise<void> {
  return downloadFile(importsApi.outcomes, { params: { id } }, `${fileName.replace(/\.[^.]*$/, '')}-outcomes.csv`);
}
