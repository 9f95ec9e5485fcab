/** One fact of a request (label and value) in its description list. */
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-2">
      <dt className="text-gray-600">{label}</dt>
      <dd className="font-medium break-words text-gray-900">{value}</dd>
    </div>
  );
}
