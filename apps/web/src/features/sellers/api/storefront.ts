import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SellerStorefront, SellerStorefrontInput } from '@maplesource/contracts/seller-storefront';
import { api, uploadWithProgress, type UploadProgress } from '../../../lib/http';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { randomUuid } from '../../../lib/random-uuid';

/** The seller centre's storefront (decision 261): `GET`/`PUT seller/:sellerId/storefront`, logo and banner uploads. */
export const storefrontKey = (sellerId: number | undefined) => ['seller', 'storefront', sellerId] as const;

export const useSellerStorefront = (sellerId: number | undefined) =>
  useQuery({
    queryKey: storefrontKey(sellerId),
    queryFn: () => api.get<SellerStorefront>(`seller/${sellerId}/storefront`, { role: 'seller' }),
    enabled: sellerId !== undefined,
  });

export function useSaveStorefront() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { sellerId: number; input: SellerStorefrontInput; key: string }) =>
      api.put<SellerStorefront>(`seller/${variables.sellerId}/storefront`, {
        body: variables.input,
        role: 'seller',
        headers: idempotencyHeaders(variables.key),
      }),
    onSuccess: (saved, variables) => {
      queryClient.setQueryData(storefrontKey(variables.sellerId), saved);
      // The public storefront and the directory show what was saved on their next look.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['seller', saved.slug] }),
        queryClient.invalidateQueries({ queryKey: ['seller', saved.id] }),
        queryClient.invalidateQueries({ queryKey: ['sellers'] }),
      ]);
    },
  });
}

/** `POST seller/storefront-images?kind=logo|banner`: one image with upload progress; answers its address. */
export const uploadStorefrontImage = (
  kind: 'logo' | 'banner',
  file: File,
  onProgress?: (progress: UploadProgress) => void,
) => {
  const body = new FormData();
  body.append('file', file);
  return uploadWithProgress<{ url: string; width: number; height: number }>(
    'POST',
    `seller/storefront-images?kind=${kind}`,
    body,
    { onProgress, headers: idempotencyHeaders(randomUuid()), role: 'seller' },
  );
};

export const useUploadStorefrontImage = () =>
  useMutation({
    mutationFn: (variables: {
      kind: 'logo' | 'banner';
      file: File;
      onProgress?: (progress: UploadProgress) => void;
    }) => uploadStorefrontImage(variables.kind, variables.file, variables.onProgress),
  });
