import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmployerStatus, EmployerStatusInput } from '@maplesource/contracts/careers';
import { api } from '../../../lib/http';

/** The admin console's employer controls: find an account by e-mail, set its employer status. */
export const findEmployer = (email: string) =>
  api.get<EmployerStatus>('admin/employers', { role: 'admin', query: { email } });
export const useFindEmployer = () => useMutation({ mutationFn: findEmployer });

export const setEmployerStatus = ({ userId, ...status }: EmployerStatusInput & { userId: string }) =>
  api.put<EmployerStatus>(`admin/employers/${encodeURIComponent(userId)}`, { role: 'admin', body: status });
export function useSetEmployerStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEmployerStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
  });
}
