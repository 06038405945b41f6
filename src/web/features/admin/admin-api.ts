import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentsApi } from '../../../shared/api/payments';
import {
  adminApi,
  type AuditListQuery,
  type MemberFilter,
  type MemberListQuery,
  type OutboxListQuery,
  type PaymentFilter,
  type PaymentListQuery,
  type PaymentReviewRequest,
  type RecordRenewalRequest,
  type SetRoleRequest,
} from '../../../shared/api/admin';
import { londonDate } from '../../../shared/domain/london-time';
import { apiRequest } from '../../lib/api';
import { downloadFile } from '../../lib/download-file';

export const adminKeys = {
  members: ['admin', 'members'] as const,
  member: ['admin', 'member'] as const,
  payments: ['admin', 'payments'] as const,
  paymentTotals: ['admin', 'payment-totals'] as const,
  outbox: ['admin', 'outbox'] as const,
  outboxMessage: ['admin', 'outbox-message'] as const,
  audit: ['admin', 'audit'] as const,
  auditActors: ['admin', 'audit-actors'] as const,
};

// Lists keep showing the previous page while the next loads, so paging and typing do not flash.
export function useMemberList(query: MemberListQuery, enabled = true) {
  return useQuery({
    queryKey: [...adminKeys.members, query],
    queryFn: ({ signal }) => apiRequest(adminApi.members, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useMember(id: string) {
  return useQuery({
    queryKey: [...adminKeys.member, id],
    queryFn: ({ signal }) => apiRequest(adminApi.member, { params: { id }, signal }),
  });
}

/** Changes a person's role; every list and record that shows roles is refetched afterwards. */
export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SetRoleRequest) => {
      const answer = await apiRequest(adminApi.setRole, { body: request });
      if (!answer.succeeded) throw new Error('The role was not changed');
    },
    onSuccess: () => {
      for (const key of [adminKeys.members, adminKeys.member, adminKeys.audit, adminKeys.auditActors]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}

/**
 * Records a renewal paid by cheque, transfer or cash. It touches the member, the payments and
 * their totals, the audit log (perhaps a new person in it) and the outbox (the receipt).
 */
export function useRecordRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RecordRenewalRequest) => apiRequest(adminApi.recordRenewal, { body: request }),
    onSuccess: () => {
      for (const key of [
        adminKeys.member,
        adminKeys.members,
        adminKeys.payments,
        adminKeys.paymentTotals,
        adminKeys.audit,
        adminKeys.auditActors,
        adminKeys.outbox,
      ]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}

/** The admin's decision on a refunded or disputed membership payment; it may change the member's expiry. */
export function useReviewPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PaymentReviewRequest) => apiRequest(adminApi.paymentReview, { body: request }),
    onSuccess: () => {
      for (const key of [adminKeys.member, adminKeys.members, adminKeys.payments, adminKeys.audit, adminKeys.auditActors]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}

export function usePaymentList(query: PaymentListQuery, enabled = true) {
  return useQuery({
    queryKey: [...adminKeys.payments, query],
    queryFn: ({ signal }) => apiRequest(adminApi.payments, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Whether card payments are paused site-wide, asked again every minute while the page is open. */
export function useCardPause() {
  return useQuery({
    queryKey: ['admin', 'card-pause'] as const,
    queryFn: ({ signal }) => apiRequest(paymentsApi.cardPause, { signal }),
    refetchInterval: 60_000,
  });
}

export function usePaymentTotals() {
  return useQuery({
    queryKey: adminKeys.paymentTotals,
    queryFn: ({ signal }) => apiRequest(adminApi.paymentTotals, { signal }),
  });
}

export function useOutboxList(query: OutboxListQuery) {
  return useQuery({
    queryKey: [...adminKeys.outbox, query],
    queryFn: ({ signal }) => apiRequest(adminApi.outbox, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOutboxMessage(id: number | null) {
  return useQuery({
    queryKey: [...adminKeys.outboxMessage, id],
    queryFn: ({ signal }) => apiRequest(adminApi.outboxMessage, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

export function useAuditLog(query: AuditListQuery) {
  return useQuery({
    queryKey: [...adminKeys.audit, query],
    queryFn: ({ signal }) => apiRequest(adminApi.audit, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditActors() {
  return useQuery({
    queryKey: adminKeys.auditActors,
    queryFn: ({ signal }) => apiRequest(adminApi.auditActors, { signal }),
  });
}

/** e.g. members-2026-11-22.csv, dated in London like everything else the site shows. */
const datedFileName = (prefix: string) => `${prefix}-${londonDate(new Date())}.csv`;

/** The filtered members list as CSV (the same filters as the list, every page). */
export function downloadMembersCsv(filter: MemberFilter): Promise<void> {
  return downloadFile(adminApi.membersCsv, { query: filter }, datedFileName('members'));
}

export function downloadPaymentsCsv(filter: PaymentFilter): Promise<void> {
  return downloadFile(adminApi.paymentsCsv, { query: filter }, datedFileName('payments'));
}
