import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isLanguageCode,
  languageCodes,
  languageNames,
  type LanguageCode,
} from '@maplesource/contracts/languages';
import { CheckIcon, ChevronDownIcon, GlobeIcon } from '../../components/ui/icons';
import { cn } from '../../components/ui/cn';
import { setLanguage } from '../../lib/i18n';

/**
 * Language picker: a button opening a listbox of the 11 supported codes (endonyms).
 * Keyboard: Enter/Space/ArrowDown open; arrows, Home, End move; Enter/Space choose; Esc/Tab close.
 */
export function LanguageMenu({
  className,
  align = 'right',
}: {
  className?: string;
  align?: 'left' | 'right';
}) {
  const { t, i18n } = useTranslation('common');
  const current: LanguageCode = isLanguageCode(i18n.language) ? i18n.language : 'en';
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(() => languageCodes.indexOf(current));
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (open) listRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openMenu = () => {
    setActive(languageCodes.indexOf(current));
    setOpen(true);
  };
  const close = (restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  };
  const choose = (code: LanguageCode) => {
    void setLanguage(code, i18n);
    close(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu();
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = languageCodes.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((i) => Math.min(last, i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((i) => Math.max(0, i - 1));
        break;
      case 'Home':
        event.preventDefault();
        setActive(0);
        break;
      case 'End':
        event.preventDefault();
        setActive(last);
        break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        choose(languageCodes[active]!);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  const listId = `${id}-list`;
  return (
    <div ref={rootRef} className={cn('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={t('header.languageMenu', { language: languageNames[current] })}
        onClick={() => (open ? close(false) : openMenu())}
        onKeyDown={onButtonKeyDown}
        className="inline-flex h-10 items-center gap-1 rounded-md px-2 text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900"
      >
        <GlobeIcon />
        <span lang={current}>{languageNames[current]}</span>
        <ChevronDownIcon width={16} height={16} />
      </button>
      {open ? (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={0}
          aria-label={t('header.language')}
          aria-activedescendant={`${id}-opt-${active}`}
          onKeyDown={onListKeyDown}
          className={cn(
            'absolute z-40 mt-1 max-h-80 w-48 overflow-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg',
            align === 'right' ? 'right-0' : 'left-0',
          )}
        >
          {languageCodes.map((code, index) => (
            <li
              key={code}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={code === current}
              lang={code}
              onClick={() => choose(code)}
              onMouseMove={() => setActive(index)}
              className={cn(
                'flex cursor-pointer items-center justify-between px-3 py-2 text-sm text-gray-800',
                index === active && 'bg-gray-100',
              )}
            >
              {languageNames[code]}
              {code === current ? <CheckIcon width={16} height={16} className="text-maple-700" /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
