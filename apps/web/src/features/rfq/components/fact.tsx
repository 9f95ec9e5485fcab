import { useTranslation } from 'react-i18next';
import type { Rfq } from '@maplesource/contracts/rfq';
import { provinceNames, type ProvinceCode } from '@maplesource/contracts/province-names';
import { useFormat } from '../../../lib/format';

/** One fact of a request (label and value) in its description list. */
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-2">
      <dt className="text-gray-600">{label}</dt>
      <dd className="font-medium break-words text-gray-900">{value}</dd>
    </div>
  );
}

/** The terms of a request both its buyer and its suppliers see: quantity, target unit price, deadline, delivery. */
export function RfqTermFacts({ rfq }: { rfq: Rfq }) {
  const { t, i18n } = useTranslation('rfq');
  const format = useFormat();
  const names = provinceNames[rfq.deliveryProvince as ProvinceCode];
  const province = names ? (i18n.language.startsWith('fr') ? names.fr : names.en) : rfq.deliveryProvince;
  return (
    <>
      <Fact label={t('detail.quantity')} value={format.number(rfq.quantity)} />
      <Fact
        label={t('detail.target')}
        value={
          rfq.targetUnitPriceCents === null ? t('detail.noTarget') : format.money(rfq.targetUnitPriceCents)
        }
      />
      <Fact label={t('detail.deadline')} value={format.dateTime(rfq.deadline)} />
      <Fact label={t('detail.delivery')} value={`${province}, ${rfq.deliveryPostalCode}`} />
    </>
  );
}
