import { cn } from '../../../components/ui/cn';

/**
 * A name that may be cut to fit: the full text stays in the DOM (screen readers read it all), shows on hover
 * (`title`) and unfolds when the surrounding control (`group`) has keyboard focus.
 */
export function FullText({ text, className }: { text: string; className?: string }) {
  return (
    <span
      title={text}
      className={cn(
        'block truncate group-focus-visible:break-words group-focus-visible:whitespace-normal',
        className,
      )}
    >
      {text}
    </span>
  );
}

/** Company first, person second (decision 270): "Acme Fabrication · Samuel Gagnon", or the person alone. */
export function partyLabel(party: { name: string; companyName?: string | null | undefined }): string {
  return party.companyName && party.companyName !== party.name
    ? `${party.companyName} · ${party.name}`
    : party.name;
}
