import { useState } from 'react';
import { cn } from '../lib/cn';

/** "Juan Dela Cruz" → "JC"; one word → its first letter; nothing → "?". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** A photo value is shown only when it is a URL (absolute, root-relative, data: or blob:). */
export function isPhotoUrl(photo: string | null | undefined): photo is string {
  return typeof photo === 'string' && /^(https?:\/\/|\/|data:image\/|blob:)/i.test(photo.trim());
}

interface AvatarProps {
  name: string;
  photo?: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-xl' } as const;

/** The member's photo, or their initials in a teal circle when there is none (or it fails to load). */
export function Avatar({ name, photo, size = 'md', className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showPhoto = isPhotoUrl(photo) && failed !== photo;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-800 ring-2 ring-white',
        sizes[size],
        className,
      )}
    >
      {showPhoto ? (
        <img
          src={photo}
          alt={name ? `Photo of ${name}` : 'Profile photo'}
          className="size-full object-cover"
          onError={() => setFailed(photo)}
        />
      ) : (
        <span aria-hidden="true">{initialsOf(name)}</span>
      )}
    </span>
  );
}
