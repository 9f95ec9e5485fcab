import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@maplesource/contracts/common';
import type { AuditEntry } from '@maplesource/contracts/content';
import { api } from '../../../lib/http';

export const listAuditLog = (page: number) =>
  api.get<Paged<AuditEntry>>('admin/audit', { role: 'admin', query: { page, pageSize: 20 } });
export const auditLogQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['admin', 'audit', page], queryFn: () => listAuditLog(page), retry: false });
export const useAuditLog = (page: number) => useQuery(auditLogQueryOptions(page));
