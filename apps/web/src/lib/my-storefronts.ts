import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MyStorefrontsResponse,
  SellerTaxProfile,
  SellerTaxProfileResponse,
} from '@maplesource/contracts/invoices';
import { api } from './http';

/**
 * The storefronts the logged-in seller owns, with their tax profiles (`GET seller/me`, role seller). Shared by the
 * seller centre's tax registration form and the invoice generation modal, which warns before a doomed invoice.
 */
export const myStorefrontsKey = ['seller', 'me'] as const;

export const getMyStorefronts = () => api.get<MyStorefrontsResponse>('seller/me', { role: 'seller' });

export const useMyStorefronts = (enabled = true) =>
  useQuery({ queryKey: myStorefrontsKey, queryFn: getMyStorefronts, enabled });

/** `PUT seller/:id/tax-profile`: replaces the storefront's legal name, numbers and small-supplier declaration. */
export const saveTaxProfile = ({ sellerId, profile }: { sellerId: number; profile: SellerTaxProfile }) =>
  api.put<SellerTaxProfileResponse>(`seller/${sellerId}/tax-profile`, { body: profile, role: 'seller' });

export function useSaveTaxProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTaxProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myStorefrontsKey }),
  });
}
