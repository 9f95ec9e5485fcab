import { useState } from 'react';
import { useMyStorefronts } from '../../lib/my-storefronts';

/** The storefront a seller centre screen works on: the only one, or the one chosen among the seller's. */
export function useChosenStorefront() {
  const storefronts = useMyStorefronts();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const list = storefronts.data?.storefronts ?? [];
  const sellerId = chosen ?? list[0]?.sellerId;
  return { storefronts, list, sellerId, setChosen };
}

/**
 * The seller centre screens' one storefront picker (catalogue, storefront, stats): shown only to a seller with more
 * than one storefront; `label` is the screen's own text.
 */
export function StorefrontPicker({
  label,
  list,
  sellerId,
  onChoose,
}: {
  label: string;
  list: ReadonlyArray<{ sellerId: number; name: string }>;
  sellerId: number;
  onChoose: (sellerId: number) => void;
}) {
  if (list.length <= 1) return null;
  return (
    <label className="flex flex-wrap items-center gap-2 text-sm text-gray-800">
      {label}
      <select
        className="rounded-md border border-gray-300 px-2 py-1"
        value={sellerId}
        onChange={(event) => onChoose(Number(event.target.value))}
      >
        {list.map((s) => (
          <option key={s.sellerId} value={s.sellerId}>
            {s.name}
          </option>
        ))}
      </select>
    </label>
  );
}
