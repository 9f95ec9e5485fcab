import type { ReactNode } from 'react';
import type { avatarChoices } from '@maplesource/contracts/auth';

type AvatarChoice = (typeof avatarChoices)[number];

/**
 * The avatar pictures as inline SVG (64×64): they render the same everywhere, unlike emoji, which some systems
 * lack (empty boxes) or draw only from Emoji 15 on (moose, goose).
 */
const art: Record<AvatarChoice, ReactNode> = {
  maple: (
    <path
      fill="#c8102e"
      d="M32 6l5 11 6-3-2 12 9-4-3 8 9 3-13 10 2 5-11-2v12h-4v-12l-11 2 2-5-13-10 9-3-3-8 9 4-2-12 6 3z"
    />
  ),
  beaver: (
    <>
      <ellipse cx="32" cy="36" rx="20" ry="18" fill="#8b5a2b" />
      <circle cx="16" cy="20" r="6" fill="#8b5a2b" />
      <circle cx="48" cy="20" r="6" fill="#8b5a2b" />
      <ellipse cx="32" cy="42" rx="10" ry="8" fill="#c08a5a" />
      <circle cx="24" cy="31" r="3" fill="#1f2937" />
      <circle cx="40" cy="31" r="3" fill="#1f2937" />
      <ellipse cx="32" cy="38" rx="4" ry="3" fill="#1f2937" />
      <rect x="28.5" y="44" width="3" height="6" fill="#fff" />
      <rect x="32.5" y="44" width="3" height="6" fill="#fff" />
    </>
  ),
  moose: (
    <>
      <path fill="#a16207" d="M6 14l8 10 4-8 4 10 4-6 2 8h8l2-8 4 6 4-10 4 8 8-10-4 18-14 2h-20l-14-2z" />
      <path fill="#6b3f1d" d="M22 30h20l2 18c0 6-6 10-12 10s-12-4-12-10z" />
      <circle cx="26" cy="38" r="2.5" fill="#111827" />
      <circle cx="38" cy="38" r="2.5" fill="#111827" />
      <ellipse cx="32" cy="52" rx="7" ry="4" fill="#4b2a12" />
    </>
  ),
  loon: (
    <>
      <ellipse cx="30" cy="42" rx="22" ry="12" fill="#111827" />
      <circle cx="44" cy="24" r="10" fill="#111827" />
      <path fill="#111827" d="M52 24l10 3-10 2z" />
      <circle cx="46" cy="22" r="2" fill="#dc2626" />
      <path fill="none" stroke="#fff" strokeWidth="2" d="M36 32c4 2 10 2 14 0" />
      <circle cx="20" cy="40" r="2" fill="#fff" />
      <circle cx="28" cy="44" r="2" fill="#fff" />
      <circle cx="36" cy="40" r="2" fill="#fff" />
    </>
  ),
  bear: (
    <>
      <circle cx="16" cy="18" r="8" fill="#5b3a1e" />
      <circle cx="48" cy="18" r="8" fill="#5b3a1e" />
      <circle cx="32" cy="36" r="22" fill="#5b3a1e" />
      <ellipse cx="32" cy="44" rx="10" ry="8" fill="#c69c6d" />
      <circle cx="24" cy="32" r="3" fill="#111827" />
      <circle cx="40" cy="32" r="3" fill="#111827" />
      <ellipse cx="32" cy="40" rx="4" ry="3" fill="#111827" />
    </>
  ),
  goose: (
    <>
      <ellipse cx="26" cy="46" rx="20" ry="11" fill="#a8a29e" />
      <path fill="#111827" d="M36 44c0-14 2-26 10-30 5-2 9 2 9 6l-7 3c-4 4-4 12-4 21z" />
      <path fill="#f5f5f4" d="M45 15c3 0 6 2 6 5l-7 2c-1-3-1-5 1-7z" />
      <path fill="#111827" d="M55 19l7 2-7 2z" />
    </>
  ),
  orca: (
    <>
      <path fill="#111827" d="M6 38c8-14 30-18 46-10l6-14 2 18c4 4 4 10 0 12-16 8-42 6-54-6z" />
      <ellipse cx="24" cy="40" rx="7" ry="3.5" fill="#fff" />
      <path fill="#fff" d="M20 48c10 4 24 4 34 0-8 6-26 6-34 0z" />
      <circle cx="16" cy="36" r="1.8" fill="#fff" />
    </>
  ),
  lynx: (
    <>
      <path fill="#b08d57" d="M12 8l10 16h20l10-16 2 22c2 16-8 28-22 28s-24-12-22-28z" />
      <path fill="#111827" d="M12 8l-2-4M52 8l2-4" stroke="#111827" strokeWidth="2" />
      <path fill="#e7d3ad" d="M20 44c4 8 20 8 24 0-2 8-22 8-24 0z" />
      <ellipse cx="24" cy="34" rx="3" ry="4" fill="#166534" />
      <ellipse cx="40" cy="34" rx="3" ry="4" fill="#166534" />
      <path fill="#7c2d12" d="M29 42h6l-3 3z" />
    </>
  ),
};

export function isAvatarChoice(value: string | null | undefined): value is AvatarChoice {
  return typeof value === 'string' && Object.hasOwn(art, value);
}

/** The picture of an avatar choice, sized by its container. */
export function AvatarArt({ avatar }: { avatar: AvatarChoice }) {
  return (
    <svg viewBox="0 0 64 64" className="h-3/4 w-3/4" aria-hidden="true" focusable="false">
      {art[avatar]}
    </svg>
  );
}
