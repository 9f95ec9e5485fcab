import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeartIcon } from '../../../components/ui/icons';
import { cn } from '../../../components/ui/cn';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import { useRequireLogin } from '../../../lib/use-require-login';
import { useToggleLike } from '../api/toggle-like';

/** Like / wishlist toggle. Visitors get "Please login first to continue" and the auth modal (docs/product.md §6). */
export function LikeButton({
  kind,
  id,
  liked: initial,
  name,
  className,
}: {
  kind: 'product' | 'service';
  id: string;
  liked: boolean;
  name: string;
  className?: string;
}) {
  const { t } = useTranslation('catalog');
  const requireLogin = useRequireLogin();
  const toggle = useToggleLike(kind);
  const [liked, setLiked] = useState(initial);
  const onClick = () => {
    if (!requireLogin()) return;
    toggle.mutate(id, {
      onSuccess: (result) => {
        setLiked(result.liked);
        toast.success(result.liked ? t('like.added') : t('like.removed'));
      },
      onError: (error) => toast.error(errorMessage(t, error)),
    });
  };
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={toggle.isPending}
      aria-pressed={liked}
      aria-label={liked ? t('like.remove', { name }) : t('like.add', { name })}
      className={cn(
        'inline-flex h-9 w-9 items-center justify-center rounded-full border border-gray-200 bg-white/90 text-gray-700 hover:text-maple-700 focus-visible:outline-2 focus-visible:outline-maple-600',
        liked && 'text-maple-600',
        className,
      )}
    >
      <HeartIcon className={cn('h-5 w-5', liked && 'fill-current')} />
    </button>
  );
}
