import { useTranslation } from 'react-i18next';

/** One column of a daily table: its heading and what a day shows in it. */
export interface DailyColumn<Day> {
  key: string;
  label: string;
  value: (day: Day) => string;
}

/** The period's figures per day as a table (the chart's accessible twin): a row per day, a column per figure. */
export function DailyTable<Day extends { day: string }>({
  caption,
  days,
  columns,
}: {
  caption: string;
  days: readonly Day[];
  columns: readonly DailyColumn<Day>[];
}) {
  const { t } = useTranslation('sellerCatalogue');
  return (
    <div className="max-h-96 overflow-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-left text-gray-700">
            <th scope="col" className="px-2 py-1">
              {t('stats.day')}
            </th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className="px-2 py-1 text-right">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day} className="border-t border-gray-100">
              <th scope="row" className="px-2 py-1 text-left font-normal">
                {day.day}
              </th>
              {columns.map((column) => (
                <td key={column.key} className="px-2 py-1 text-right">
                  {column.value(day)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
