import { useTranslation } from 'react-i18next';
import { provinceCodes, provinceNames } from '@maplesource/contracts/province-names';

/**
 * The `<option>`s of a province `<select>`: an empty choice, then every province and territory in the UI language.
 * From the zod-free names module (decision 041). Outside `components/ui/`, whose modules join the shell chunk every
 * public page loads: only forms use it (the JS budget, decision 125).
 */
export function ProvinceOptions({ placeholder }: { placeholder: string }) {
  const { i18n } = useTranslation();
  const fr = i18n.language.startsWith('fr');
  return (
    <>
      <option value="">{placeholder}</option>
      {provinceCodes.map((code) => (
        <option key={code} value={code}>
          {fr ? provinceNames[code].fr : provinceNames[code].en}
        </option>
      ))}
    </>
  );
}
